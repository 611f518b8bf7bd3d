/**
 * The viewer's settings through the API (issue 21): a save under `viewer` keeps common's rules
 * (presets' modality and key pair once, known grids, #rrggbb colours, shortcuts once), refused with
 * the catalogue's messages by member; and the header /dicomheader reads goes through the same
 * access-checked DICOMweb path as every study path: a study outside the account's targets is 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSettings, MESSAGES } from '@pacs/common';
import { API, signIn, type Session } from '../harness/api.ts';
import { tinyStudyUids } from '../harness/dicom.ts';
import { createReader, storeTinyStudies } from '../harness/fixtures.ts';
import { startStack, type Stack } from '../harness/stack.ts';

let stack: Stack;
let admin: Session;
let reader: Session;

beforeAll(async () => {
  stack = await startStack();
  admin = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
  await storeTinyStudies(stack, admin, [
    { seed: 'vs-api-ct', patientName: 'Ct^Only', patientId: 'VS-CT', modality: 'CT' },
    { seed: 'vs-api-mr', patientName: 'Mr^Only', patientId: 'VS-MR', modality: 'MR' },
  ]);
  await createReader(admin, {
    id: 'mr_reader',
    password: 'mr-reader-pass-1',
    role: { name: 'MR readers', permissions: { list: true, viewer: true }, targets: { All: false, Modality: ['MR'] } },
  });
  reader = await signIn(stack.baseUrl, 'mr_reader', 'mr-reader-pass-1');
});

afterAll(async () => {
  await stack?.stop();
});

function replace(session: Session, key: string, value: unknown) {
  const last = key.split('.').at(-1) ?? key;
  return session.agent
    .put(`${API}/settings/replace`)
    .set(session.csrf)
    .type('form')
    .send({ key, value: JSON.stringify({ [last]: value }) });
}

describe('viewer settings', () => {
  it('saves presets, protocols and appearance that keep the rules, and answers them back', async () => {
    const viewer = defaultSettings().viewer;
    const presets = [...viewer.window_level, { key: 'mr_t2', label: 'T2 brain', modality: 'MR', ww: 600, wc: 300, keyboard: '1' }];
    const saved = await replace(reader, 'viewer.window_level', presets).expect(200);
    expect(saved.body.Settings.viewer.window_level.at(-1)).toMatchObject({ modality: 'MR', keyboard: '1' });
    const layout = { ...viewer.layout, modality: [...viewer.layout.modality, { modality: 'MR', series: '1x2', image: '1x1' }] };
    await replace(reader, 'viewer.layout', layout).expect(200);
    await replace(reader, 'viewer.color', { annotation: '#ffcc00', active: '#00ccff' }).expect(200);
    const again = await reader.agent.get(`${API}/service/settings`).expect(200);
    expect(again.body.Settings.viewer.layout.modality.map((item: { modality: string }) => item.modality)).toEqual(['CT', 'MG', 'MR']);
    expect(again.body.Settings.viewer.color).toEqual({ annotation: '#ffcc00', active: '#00ccff' });
  });

  it('refuses a modality and key pair twice, an unknown grid, a colour name and a shortcut key twice, by member', async () => {
    const viewer = defaultSettings().viewer;
    const twice = [...viewer.window_level, { key: 'ct_again', label: 'Liver', modality: 'CT', ww: 150, wc: 90, keyboard: '1' }];
    const refused = await replace(reader, 'viewer.window_level', twice).expect(400);
    expect(refused.body).toMatchObject({
      code: 'validation_failed',
      fields: { [`viewer.window_level.${viewer.window_level.length}.keyboard`]: MESSAGES.already_exists },
    });
    const grid = await replace(reader, 'viewer.layout', { ...viewer.layout, series: '9x9' }).expect(400);
    expect(grid.body.fields).toEqual({ 'viewer.layout.series': MESSAGES.invalid });
    const mg = viewer.layout.modality.findIndex((item) => item.modality === 'MG');
    const matchBy = viewer.layout.modality.map((item, index) => (index === mg ? { ...item, view_match: 'both' } : item));
    const match = await replace(reader, 'viewer.layout', { ...viewer.layout, modality: matchBy }).expect(400);
    expect(match.body.fields).toEqual({ [`viewer.layout.modality.${mg}.view_match`]: MESSAGES.invalid });
    const colour = await replace(reader, 'viewer.color', { annotation: 'green', active: '#ff3333' }).expect(400);
    expect(colour.body.fields).toEqual({ 'viewer.color.annotation': MESSAGES.invalid });
    const keys = viewer.keyboard_shortcuts.map((item) => (item.key === 'pan' ? { ...item, shortcut: 'z' } : item));
    const shortcut = await replace(reader, 'viewer.keyboard_shortcuts', keys).expect(400);
    expect(Object.values(shortcut.body.fields)).toEqual([MESSAGES.already_exists]);
    // A whole-tree replace is held to the same rules, and nothing refused was stored.
    const whole = await reader.agent
      .put(`${API}/settings/replaceall`)
      .set(reader.csrf)
      .type('form')
      .send({ key: 'viewer.font_size', value: '400' })
      .expect(400);
    expect(whole.body.fields).toEqual({ 'viewer.font_size': MESSAGES.invalid });
    const stored = await reader.agent.get(`${API}/service/settings`).expect(200);
    expect(stored.body.Settings.viewer.color.annotation).toBe('#ffcc00');
    expect(stored.body.Settings.viewer.font_size).toBe(13);
  });
});

describe('the DICOM header of an instance', () => {
  it('is read for a study the account may see and refused (404, no tags) for one it may not', async () => {
    const path = (seed: string) => {
      const uids = tinyStudyUids(seed);
      return `${API}/dicom-web/studies/${uids.study}/series/${uids.series}/instances/${uids.instance}/metadata`;
    };
    const mine = await reader.agent.get(path('vs-api-mr')).set('Accept', 'application/dicom+json').expect(200);
    expect(mine.body[0]['00080060']).toEqual({ vr: 'CS', Value: ['MR'] });
    const other = await reader.agent.get(path('vs-api-ct')).set('Accept', 'application/dicom+json');
    expect(other.status).toBe(404);
    expect(JSON.stringify(other.body)).not.toContain('Ct^Only');
  });
});
