import { describe, expect, it } from 'vitest';
import { defaultSettings } from './settings/defaults.ts';
import {
  hangingProtocol,
  isShortcutKey,
  layoutProblems,
  matchesView,
  matchesViewAttributes,
  needsViewAttributes,
  overlayFor,
  shortcutProblems,
  viewerSettingsProblems,
  windowLevelProblems,
  type HangingSeries,
} from './viewer-settings.ts';
import { MESSAGES } from './validation.ts';

const viewer = () => defaultSettings().viewer;

describe('viewer settings rules', () => {
  it('accepts the defaults', () => {
    expect(viewerSettingsProblems(viewer())).toEqual({});
  });

  it('not_exist_wl_presets: a modality and key pair once, letters in any case; other modalities may reuse a key', () => {
    const presets = [
      { key: 'a', label: 'A', modality: 'CT', ww: 400, wc: 40, keyboard: 'q' },
      { key: 'b', label: 'B', modality: 'MR', ww: 400, wc: 40, keyboard: 'q' },
      { key: 'c', label: 'C', modality: 'CT', ww: 400, wc: 40, keyboard: 'Q' },
      { key: 'd', label: '', modality: 'ct', ww: 0, wc: 1e6, keyboard: 'Ctrl+1' },
    ];
    expect(windowLevelProblems(presets)).toEqual({
      '2.keyboard': MESSAGES.already_exists,
      '3.label': MESSAGES.required,
      '3.modality': MESSAGES.invalid,
      '3.ww': MESSAGES.invalid,
      '3.wc': MESSAGES.invalid,
      '3.keyboard': MESSAGES.invalid,
    });
  });

  it('not_exist_layout_modality: a modality and body part once; grids from the lists; views fit the grid', () => {
    const layout = {
      series: '2x2',
      image: '1x1',
      modality: [
        { modality: 'MR', series: '1x2', image: '1x1' },
        { modality: 'MR', series: '1x1', image: '1x1', body_part: 'head' },
        { modality: 'MR', series: '1x1', image: '1x1', body_part: ' HEAD' },
        { modality: 'CT', series: '5x5', image: '1x1', views: ['a', 'b'] },
      ],
    };
    expect(layoutProblems(layout)).toEqual({
      'modality.2.modality': MESSAGES.already_exists,
      'modality.3.series': MESSAGES.invalid,
      'modality.3.views': MESSAGES.invalid,
    });
  });

  it('refuses colours, font sizes, mouse tools and shortcuts outside their rules', () => {
    expect(viewerSettingsProblems({ color: { annotation: '#0f0', active: '#ff3333' }, font_size: 40, mouse: { left: 'x' } })).toEqual({
      'color.annotation': MESSAGES.invalid,
      font_size: MESSAGES.invalid,
      'mouse.left': MESSAGES.invalid,
      'mouse.middle': MESSAGES.invalid,
      'mouse.right': MESSAGES.invalid,
    });
    expect(
      shortcutProblems([
        { key: 'pan', shortcut: 'p' },
        { key: 'zoom', shortcut: 'P' },
        { key: 'fly', shortcut: 'f' },
      ]),
    ).toEqual({
      '1.shortcut': MESSAGES.already_exists,
      '2': MESSAGES.invalid,
    });
    expect(['a', '5', 'F2', 'ArrowUp', 'Escape'].every(isShortcutKey)).toBe(true);
    expect(['', ' ', 'ab', 'Ctrl+A', 'F13'].some(isShortcutKey)).toBe(false);
  });

  it('keeps the study panel open or folded, nothing else', () => {
    expect(viewerSettingsProblems({ study_panel: { is_open: false } })).toEqual({});
    expect(viewerSettingsProblems({ study_panel: { is_open: 'no' } })).toEqual({ 'study_panel.is_open': MESSAGES.invalid });
    expect(viewerSettingsProblems({ study_panel: null })).toEqual({ 'study_panel.is_open': MESSAGES.invalid });
  });
});

describe('overlay corners per modality', () => {
  it('uses a modality’s own corners when it has any, else those for every modality', () => {
    const items = [
      { key: 'PatientName', position: 'tl' as const, is_visible: true },
      { key: 'KVP', position: 'tl' as const, is_visible: true, modality: 'CR' },
    ];
    expect(overlayFor(items, 'CR').map((item) => item.key)).toEqual(['KVP']);
    expect(overlayFor(items, 'CT').map((item) => item.key)).toEqual(['PatientName']);
    expect(overlayFor(items, null).map((item) => item.key)).toEqual(['PatientName']);
  });
});

function series(uid: string, modality: string, count: number, description = '', bodyPart = ''): HangingSeries {
  return {
    SeriesInstanceUID: uid,
    Modality: modality,
    NumberOfSeriesRelatedInstances: count,
    SeriesDescription: description,
    BodyPartExamined: bodyPart,
  };
}

describe('hanging protocols', () => {
  it('opens a CT 1x1 on its largest series (the defaults)', () => {
    const hanging = hangingProtocol(viewer().layout, [series('scout', 'CT', 2), series('axial', 'CT', 240), series('dose', 'SR', 1)]);
    expect(hanging).toMatchObject({ series: '1x1', image: '1x1', cells: ['axial'] });
  });

  it('opens a mammogram 2x2 with the four standard views in place, whatever order they came in', () => {
    const study = [
      series('1', 'MG', 1, 'L MLO'),
      series('2', 'MG', 1, 'R CC'),
      series('3', 'MG', 1, 'r-mlo'),
      series('4', 'MG', 1, 'L CC'),
    ];
    expect(hangingProtocol(viewer().layout, study).cells).toEqual(['2', '4', '3', '1']);
    // A missing view leaves its cell empty; descriptions that name no view fall back to list order.
    expect(hangingProtocol(viewer().layout, study.slice(0, 2)).cells).toEqual(['2', null, null, '1']);
    expect(hangingProtocol(viewer().layout, [series('a', 'MG', 1, 'Mammo'), series('b', 'MG', 1, 'Mammo')]).cells).toEqual([
      'a',
      'b',
      null,
      null,
    ]);
  });

  it('takes the first protocol that fits the modality and body part; none: the default grids in list order', () => {
    const layout = {
      series: '2x2',
      image: '1x1',
      modality: [
        { modality: 'MR', series: '1x1', image: '2x2', body_part: 'KNEE' },
        { modality: 'MR', series: '1x2', image: '1x1' },
      ],
    };
    const two = [series('t1', 'MR', 20, 'T1', 'HEAD'), series('t2', 'MR', 20, 'T2', 'HEAD')];
    expect(hangingProtocol(layout, two)).toMatchObject({ series: '1x2', cells: ['t1', 't2'] });
    expect(hangingProtocol(layout, [series('k', 'MR', 20, 'PD', 'knee')])).toMatchObject({ series: '1x1', image: '2x2', cells: ['k'] });
    expect(hangingProtocol(layout, [series('x', 'US', 3)])).toMatchObject({
      series: '2x2',
      cells: ['x', null, null, null],
      protocol: null,
    });
  });

  it('matches a view by its words', () => {
    expect(matchesView('R CC', 'RIGHT R CC TOMO')).toBe(true);
    expect(matchesView('R CC', 'L CC')).toBe(false);
    expect(matchesView('', 'anything')).toBe(false);
  });

  it('places mammography views by ImageLaterality and ViewPosition, whatever the descriptions say', () => {
    const mg = (uid: string, laterality: string, position: string, description = ''): HangingSeries => ({
      ...series(uid, 'MG', 1, description),
      ImageLaterality: laterality,
      ViewPosition: position,
    });
    // Empty and misleading descriptions: the attributes decide.
    const study = [mg('lmlo', 'L', 'MLO', 'R CC'), mg('rcc', 'R', 'CC', 'L MLO'), mg('rmlo', 'R', 'MLO'), mg('lcc', 'L', 'CC', 'mammo')];
    expect(hangingProtocol(viewer().layout, study).cells).toEqual(['rcc', 'lcc', 'rmlo', 'lmlo']);
    // A series without the attributes falls back to its description; one with them is never taken by its description.
    const mixed = [mg('lcc', 'L', 'CC', 'R CC'), series('old-rcc', 'MG', 1, 'R CC')];
    expect(hangingProtocol(viewer().layout, mixed).cells).toEqual(['old-rcc', 'lcc', null, null]);
    // view_match description: the descriptions only, as before.
    const byDescription = {
      ...viewer().layout,
      modality: viewer().layout.modality.map((item) => ({ ...item, view_match: 'description' as const })),
    };
    expect(hangingProtocol(byDescription, study).cells).toEqual(['lmlo', null, null, 'rcc']);
  });

  it('matches a view by laterality and view position when it names both', () => {
    expect(matchesViewAttributes('R CC', { ImageLaterality: 'R', ViewPosition: 'CC' })).toBe(true);
    expect(matchesViewAttributes('mlo l', { ImageLaterality: 'L', ViewPosition: 'MLO' })).toBe(true);
    expect(matchesViewAttributes('R CC', { ImageLaterality: 'L', ViewPosition: 'CC' })).toBe(false);
    expect(matchesViewAttributes('R CC', { ImageLaterality: 'R', ViewPosition: 'MLO' })).toBe(false);
    expect(matchesViewAttributes('R CC', { ImageLaterality: null, ViewPosition: 'CC' })).toBe(false);
    expect(matchesViewAttributes('CC', { ImageLaterality: 'R', ViewPosition: 'CC' }), 'no laterality named').toBe(false);
    expect(needsViewAttributes(viewer().layout.modality.find((item) => item.modality === 'MG') ?? null)).toBe(true);
    expect(needsViewAttributes(viewer().layout.modality.find((item) => item.modality === 'CT') ?? null)).toBe(false);
  });

  it('rejects an unknown view_match', () => {
    const layout = { ...viewer().layout, modality: [{ modality: 'MG', series: '2x2', image: '1x1', view_match: 'both' }] };
    expect(layoutProblems(layout)).toEqual({ 'modality.0.view_match': MESSAGES.invalid });
  });
});
