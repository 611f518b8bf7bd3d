import { describe, expect, it } from 'vitest';
import { defaultConfigs } from './configs/defaults.ts';
import { defaultSettings } from './settings/defaults.ts';
import { MESSAGES } from './validation.ts';
import { worklistLayout, worklistLayoutProblems } from './worklist-layout.ts';

describe('worklistLayout', () => {
  const configs = defaultConfigs().mwm;
  const settings = defaultSettings().mwm;

  it("uses the site's layout until the user turns it off, and the site's quick search always", () => {
    const site = { ...configs, limit: 25, quick_search: { key: 'AccessionNumber', type: 'perfect' as const } };
    expect(worklistLayout(settings, site)).toMatchObject({ fields: site.fields.study, limit: 25, quick_search: site.quick_search });
    const own = { ...settings, use_site_layout: false, limit: 7, orderby: [{ key: 'PatientID', desc: false }] };
    expect(worklistLayout(own, site)).toMatchObject({
      fields: own.fields.study,
      limit: 7,
      orderby: own.orderby,
      quick_search: site.quick_search,
    });
  });

  it('falls back to spec 2 §9 when nothing is stored', () => {
    expect(worklistLayout(undefined, undefined)).toEqual({
      fields: [],
      limit: 100,
      orderby: [{ key: 'UpdatedAt', desc: true }],
      quick_search: { key: 'PatientID', type: 'partial' },
    });
  });
});

describe('worklistLayoutProblems', () => {
  it('accepts the defaults of both trees', () => {
    expect(worklistLayoutProblems(defaultConfigs().mwm)).toEqual({});
    expect(worklistLayoutProblems(defaultSettings().mwm)).toEqual({});
  });

  it('names each refused member', () => {
    const fields = defaultConfigs().mwm.fields.study;
    const hiddenName = fields.map((column) => (column.key === 'PatientName' ? { ...column, is_visible: false } : column));
    const tooWide = fields.map((column, index) => (index === 0 ? { ...column, width: 401 } : column));
    expect(worklistLayoutProblems({ limit: 0 })).toEqual({ limit: MESSAGES.invalid });
    expect(worklistLayoutProblems({ limit: 1001 })).toEqual({ limit: MESSAGES.invalid });
    expect(worklistLayoutProblems({ limit: 2.5 })).toEqual({ limit: MESSAGES.invalid });
    expect(worklistLayoutProblems({ fields: { study: hiddenName } })).toEqual({ 'fields.study': MESSAGES.invalid });
    expect(worklistLayoutProblems({ fields: { study: tooWide } })).toEqual({ 'fields.study': MESSAGES.invalid });
    expect(worklistLayoutProblems({ fields: { study: [...fields, fields[0]] } })).toEqual({ 'fields.study': MESSAGES.invalid });
    expect(worklistLayoutProblems({ orderby: [{ key: 'Note', desc: true }] })).toEqual({ orderby: MESSAGES.invalid });
    expect(worklistLayoutProblems({ quick_search: { key: 'Status', type: 'partial' } })).toEqual({ quick_search: MESSAGES.invalid });
    expect(worklistLayoutProblems({ search: [{ key: 'PatientID', type: 'fuzzy', is_visible: true }] })).toEqual({
      search: MESSAGES.invalid,
    });
    expect(worklistLayoutProblems({ use_site_layout: 'yes' })).toEqual({ use_site_layout: MESSAGES.invalid });
    expect(worklistLayoutProblems([])).toEqual({ mwm: MESSAGES.invalid });
  });
});
