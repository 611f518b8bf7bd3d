import { describe, expect, it } from 'vitest';
import type { ModalityPreset } from '../../../viewer/presets.ts';
import { INTERACTION_TOOLS } from '../../../viewer/viewer-config.ts';
import { viewerCommand, type CommandContext } from './viewer-commands.ts';

const CONTEXT: CommandContext = {
  mpr: false,
  activeSeriesUid: 's1',
  active: 0,
  cells: ['s1', 's2'],
  seriesUids: ['s1', 's2', 's3'],
  zoom: 1,
  count: 20,
  cine: { playing: false, fps: 10, loop: true, range: null },
  sync: false,
  overlay: true,
  comparing: false,
  newestComparable: null,
  image: { SeriesInstanceUID: 's1', SOPInstanceUID: 'i1', frame: 0 },
  imageIsOwn: true,
  imageIsKey: false,
};

const withContext = (change: Partial<CommandContext>): CommandContext => ({ ...CONTEXT, ...change });
const PRESET = { key: 'bone', label: 'Bone', width: 2000, center: 500, modality: 'CT' } as unknown as ModalityPreset;

describe('viewer commands', () => {
  it('puts an interaction tool on the left button', () => {
    expect(Object.keys(INTERACTION_TOOLS)).toContain('length');
    expect(viewerCommand(CONTEXT, { type: 'feature', key: 'length' })).toEqual([{ type: 'primary_tool', feature: 'length' }]);
  });

  it('resets the stack viewport, or MPR when it is shown', () => {
    expect(viewerCommand(CONTEXT, { type: 'feature', key: 'reset' })).toEqual([{ type: 'reset' }]);
    expect(viewerCommand(withContext({ mpr: true }), { type: 'feature', key: 'reset' })).toEqual([{ type: 'mpr_reset' }]);
  });

  it('starts cine with its settings, stops it when playing, and restarts it only when playing', () => {
    expect(viewerCommand(CONTEXT, { type: 'feature', key: 'cine' })).toEqual([
      { type: 'cine_start', fps: 10, range: null, loop: true, restart: false },
    ]);
    const playing = withContext({ cine: { ...CONTEXT.cine, playing: true } });
    expect(viewerCommand(playing, { type: 'feature', key: 'cine' })).toEqual([{ type: 'cine_stop' }]);
    expect(viewerCommand(CONTEXT, { type: 'cine_fps', fps: 500 })).toEqual([{ type: 'cine_settings', fps: 60 }]);
    expect(viewerCommand(playing, { type: 'cine_loop', loop: false })).toEqual([
      { type: 'cine_settings', loop: false },
      { type: 'cine_start', fps: 10, range: null, loop: false, restart: true },
    ]);
  });

  it('clamps a cine range to the stack', () => {
    expect(viewerCommand(CONTEXT, { type: 'cine_range', from: -3, to: 99 })).toEqual([
      { type: 'cine_settings', range: { from: 0, to: 19 } },
    ]);
  });

  it('marks a key image of the open study only, toggling its mark', () => {
    expect(viewerCommand(withContext({ imageIsKey: true }), { type: 'feature', key: 'key_image' })).toEqual([
      { type: 'key_image', image: CONTEXT.image, marked: false },
    ]);
    expect(viewerCommand(withContext({ imageIsOwn: false }), { type: 'feature', key: 'key_image' })).toEqual([]);
    expect(viewerCommand(withContext({ image: null }), { type: 'feature', key: 'key_image' })).toEqual([]);
  });

  it('opens the header only with an image on screen', () => {
    expect(viewerCommand(CONTEXT, { type: 'feature', key: 'dicom_header' })).toEqual([{ type: 'header_dialog' }]);
    expect(viewerCommand(withContext({ image: null }), { type: 'feature', key: 'dicom_header' })).toEqual([]);
  });

  it('compares the newest other study, or ends the comparison', () => {
    expect(viewerCommand(withContext({ newestComparable: 'st2' }), { type: 'feature', key: 'comparison' })).toEqual([
      { type: 'compare', studyUid: 'st2' },
    ]);
    expect(viewerCommand(CONTEXT, { type: 'feature', key: 'comparison' })).toEqual([]);
    expect(viewerCommand(withContext({ comparing: true }), { type: 'feature', key: 'comparison' })).toEqual([{ type: 'end_comparison' }]);
  });

  it('toggles MPR of the active series, sync and the overlay', () => {
    expect(viewerCommand(CONTEXT, { type: 'feature', key: 'mpr' })).toEqual([{ type: 'layout', action: { type: 'mpr', seriesUid: 's1' } }]);
    expect(viewerCommand(withContext({ mpr: true }), { type: 'feature', key: 'mpr' })).toEqual([
      { type: 'layout', action: { type: 'mpr', seriesUid: null } },
    ]);
    expect(viewerCommand(CONTEXT, { type: 'feature', key: 'sync' })).toEqual([{ type: 'sync', enabled: true }]);
    expect(viewerCommand(CONTEXT, { type: 'feature', key: 'overlay' })).toEqual([{ type: 'overlay', visible: false }]);
  });

  it('applies a preset to the stack or to MPR', () => {
    expect(viewerCommand(CONTEXT, { type: 'preset', preset: PRESET })).toEqual([{ type: 'window', preset: PRESET, mpr: false }]);
    expect(viewerCommand(withContext({ mpr: true }), { type: 'shortcut', action: { type: 'preset', preset: PRESET } })).toEqual([
      { type: 'window', preset: PRESET, mpr: true },
    ]);
  });

  it('steps the zoom from the active viewport’s zoom', () => {
    expect(viewerCommand(withContext({ zoom: 1.5 }), { type: 'zoom_step', delta: 10 })).toEqual([{ type: 'zoom', percent: 160 }]);
  });

  it('moves through images and the open study’s series by keyboard', () => {
    const key = (name: string) => viewerCommand(CONTEXT, { type: 'shortcut', action: { type: 'command', key: name } });
    expect(key('next_image')).toEqual([{ type: 'scroll', delta: 1 }]);
    expect(key('previous_image')).toEqual([{ type: 'scroll', delta: -1 }]);
    expect(key('next_series')).toEqual([{ type: 'layout', action: { type: 'show_series', cell: 0, seriesUid: 's2' } }]);
    expect(key('previous_series')).toEqual([]);
    expect(key('flip_vertical')).toEqual([{ type: 'flip', direction: 'vertical' }]);
  });

  it('sets layouts with the open study’s series, and names the colour map to show', () => {
    expect(viewerCommand(CONTEXT, { type: 'layout', layout: '2x2' })).toEqual([
      { type: 'layout', action: { type: 'set_layout', layout: '2x2', seriesUids: CONTEXT.seriesUids } },
    ]);
    expect(viewerCommand(CONTEXT, { type: 'colormap', key: 'gray' })).toEqual([{ type: 'colormap', key: 'gray', name: null }]);
    expect(viewerCommand(CONTEXT, { type: 'colormap', key: 'hot' })).toEqual([
      { type: 'colormap', key: 'hot', name: 'Black-Body Radiation' },
    ]);
  });
});
