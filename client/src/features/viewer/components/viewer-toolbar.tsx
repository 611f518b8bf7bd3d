/**
 * The viewer toolbar, built from the user's viewer toolbar settings (spec 2 §3 toolbar items:
 * features, folders, dividers, left or right) and the feature table in viewer-config.ts. Items
 * the role or edition forbids, and features this viewer does not implement, are not shown.
 * Folders open as a small menu; some features carry a menu of their own (zoom presets and steps,
 * rotation, invert, cine speed, export formats, annotation display, colour maps).
 */
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { AnnotationStatus, ToolbarItem } from '@pacs/common';
import { folderLabel } from '../../../i18n/default-labels.ts';
import { CINE_MAX_FPS, CINE_MIN_FPS } from '../../../viewer/interaction.ts';
import { IMAGE_LAYOUTS, SERIES_LAYOUTS, type LayoutKey } from '../../../viewer/layouts.ts';
import type { ModalityPreset } from '../../../viewer/presets.ts';
import { COLORMAPS, TOOLBAR_FEATURES } from '../../../viewer/viewer-config.ts';

const LABELS = defineMessages({
  window_level: { id: 'viewer.feature.window_level' },
  pan: { id: 'viewer.feature.pan' },
  zoom: { id: 'viewer.feature.zoom' },
  rotate: { id: 'viewer.feature.rotate' },
  flip_horizontal: { id: 'viewer.feature.flip_horizontal' },
  flip_vertical: { id: 'viewer.feature.flip_vertical' },
  reset: { id: 'viewer.reset' },
  cine: { id: 'viewer.feature.cine' },
  magnifier: { id: 'viewer.feature.magnifier' },
  pixel_value: { id: 'viewer.feature.pixel_value' },
  length: { id: 'viewer.feature.length' },
  angle: { id: 'viewer.feature.angle' },
  rectangle: { id: 'viewer.feature.rectangle' },
  ellipse: { id: 'viewer.feature.ellipse' },
  arrow: { id: 'viewer.feature.arrow' },
  text: { id: 'viewer.feature.text' },
  annotation_save: { id: 'viewer.feature.annotation_save' },
  sync: { id: 'viewer.feature.sync' },
  comparison: { id: 'viewer.feature.comparison' },
  mpr: { id: 'viewer.feature.mpr' },
  key_image: { id: 'viewer.feature.key_image' },
  capture: { id: 'viewer.feature.capture' },
  export: { id: 'viewer.feature.export' },
  dicom_header: { id: 'viewer.feature.dicom_header' },
  overlay: { id: 'viewer.feature.overlay' },
  annotation_display: { id: 'viewer.feature.annotation_display' },
  pseudo_color: { id: 'viewer.feature.pseudo_color' },
});

const PRESET_LABELS = defineMessages({
  abdomen: { id: 'viewer.preset.abdomen' },
  bone: { id: 'viewer.preset.bone' },
  brain: { id: 'viewer.preset.brain' },
  lungs: { id: 'viewer.preset.lungs' },
  mediastinum: { id: 'viewer.preset.mediastinum' },
});

const STATUS_LABELS = defineMessages({
  show_all: { id: 'viewer.annotation_status.show_all' },
  show_only_mine: { id: 'viewer.annotation_status.show_only_mine' },
  hide_all: { id: 'viewer.annotation_status.hide_all' },
});

const EXPORT_LABELS = defineMessages({
  png: { id: 'viewer.export_png' },
  jpeg: { id: 'viewer.export_jpeg' },
  dicom: { id: 'viewer.export_dicom' },
});

const COLORMAP_LABELS = defineMessages({
  gray: { id: 'viewer.colormap.gray' },
  hot: { id: 'viewer.colormap.hot' },
  bone: { id: 'viewer.colormap.bone' },
  hsv: { id: 'viewer.colormap.hsv' },
  jet: { id: 'viewer.colormap.jet' },
  rainbow: { id: 'viewer.colormap.rainbow' },
});

/** Everything the toolbar shows as pressed or chosen. */
export interface ToolbarState {
  layout: LayoutKey;
  imageLayout: LayoutKey;
  /** The feature holding the left mouse button. */
  primary: string | null;
  presets: readonly ModalityPreset[];
  cinePlaying: boolean;
  cineFps: number;
  cineLoop: boolean;
  cineRange: { from: number; to: number; count: number };
  sync: boolean;
  /** Another study of the patient is being compared. */
  comparison: boolean;
  mpr: boolean;
  keyImage: boolean;
  overlay: boolean;
  annotationStatus: AnnotationStatus;
  colormap: string;
  zoomPresets: readonly number[];
  zoomSteps: readonly number[];
  canSaveAnnotations: boolean;
}

export type ToolbarCommand =
  | { type: 'feature'; key: string }
  | { type: 'layout'; layout: LayoutKey }
  | { type: 'image_layout'; layout: LayoutKey }
  | { type: 'preset'; preset: ModalityPreset }
  | { type: 'invert' }
  | { type: 'zoom_percent'; percent: number }
  | { type: 'zoom_step'; delta: number }
  | { type: 'rotate_by'; degrees: number }
  | { type: 'rotate_to'; degrees: number }
  | { type: 'cine_fps'; fps: number }
  | { type: 'cine_loop'; loop: boolean }
  | { type: 'cine_range'; from: number; to: number }
  | { type: 'export'; format: 'png' | 'jpeg' | 'dicom' }
  | { type: 'annotation_status'; status: AnnotationStatus }
  | { type: 'colormap'; key: string };

export interface ViewerToolbarProps {
  items: readonly ToolbarItem[];
  state: ToolbarState;
  /** Whether the signed account may use a permission-bound feature. */
  allowed: (key: string) => boolean;
  onCommand: (command: ToolbarCommand) => void;
  /** Shown at the end (keyboard shortcuts). */
  end?: ReactNode;
}

function visible(item: ToolbarItem, allowed: (key: string) => boolean): boolean {
  if (!item.is_visible) return false;
  if (item.type === 'divider') return true;
  if (item.type === 'folder') return (item.items ?? []).some((child) => visible(child, allowed));
  return Object.hasOwn(TOOLBAR_FEATURES, item.key) && allowed(item.key);
}

/** Dividers at either end or next to each other say nothing once items around them are hidden. */
function tidy(items: ToolbarItem[]): ToolbarItem[] {
  const result: ToolbarItem[] = [];
  for (const item of items) {
    if (item.type === 'divider' && (result.length === 0 || result.at(-1)?.type === 'divider')) continue;
    result.push(item);
  }
  while (result.at(-1)?.type === 'divider') result.pop();
  return result;
}

/**
 * A button that opens a small panel below it; closes on outside clicks, Escape and (unless the
 * panel holds fields) a click on one of its buttons, so it never covers the image being worked on.
 */
function Popover({
  label,
  pressed,
  keepOpen = false,
  children,
}: {
  label: string;
  pressed?: boolean;
  keepOpen?: boolean;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  // A panel that would run past the window's edge opens towards the other side of its button.
  const [alignEnd, setAlignEnd] = useState(false);
  useLayoutEffect(() => {
    const box = open ? panel.current?.getBoundingClientRect() : undefined;
    if (!box || !panel.current) return setAlignEnd(false);
    const rtl = getComputedStyle(panel.current).direction === 'rtl';
    if (rtl ? box.left < 0 : box.right > document.documentElement.clientWidth) setAlignEnd(true);
  }, [open]);
  useEffect(() => {
    if (!open) return;
    const onDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return (
    <div className="viewer-popover" ref={root}>
      <button
        type="button"
        className="viewer-tool viewer-tool-menu"
        aria-haspopup="true"
        aria-expanded={open}
        aria-pressed={pressed}
        onClick={() => setOpen(!open)}
      >
        {label}
        <span className="tool-caret" aria-hidden="true" />
      </button>
      {open && (
        <div
          ref={panel}
          className={alignEnd ? 'viewer-popover-panel is-end' : 'viewer-popover-panel'}
          role="group"
          aria-label={label}
          onClick={(event) => {
            // A button that opens a nested menu keeps this one open.
            const button = (event.target as HTMLElement).closest('button');
            if (!keepOpen && button && !button.hasAttribute('aria-haspopup')) setOpen(false);
          }}
        >
          {children(() => setOpen(false))}
        </div>
      )}
    </div>
  );
}

export function ViewerToolbar({ items, state, allowed, onCommand, end }: ViewerToolbarProps) {
  const intl = useIntl();
  const label = (item: ToolbarItem) => {
    const descriptor = LABELS[item.key as keyof typeof LABELS];
    return descriptor ? intl.formatMessage(descriptor) : item.label;
  };
  const feature = (key: string) => onCommand({ type: 'feature', key });

  const plain = (item: ToolbarItem, pressed?: boolean) => (
    <button key={item.key} type="button" className="viewer-tool" aria-pressed={pressed} onClick={() => feature(item.key)}>
      {label(item)}
    </button>
  );

  const render = (item: ToolbarItem): ReactNode => {
    if (item.type === 'divider') return <span key={`divider-${item.key}`} className="viewer-divider" role="separator" />;
    if (item.type === 'folder') {
      const children = tidy((item.items ?? []).filter((child) => visible(child, allowed)));
      return (
        <Popover key={`folder-${item.key}`} label={folderLabel(intl, item)}>
          {() => <div className="viewer-folder">{children.map(render)}</div>}
        </Popover>
      );
    }
    const spec = TOOLBAR_FEATURES[item.key];
    switch (item.key) {
      case 'grid':
        return (
          <div key="grid" className="viewer-tool-group" role="group" aria-label={intl.formatMessage({ id: 'viewer.layout' })}>
            {SERIES_LAYOUTS.map((layout) => (
              <button
                key={layout}
                type="button"
                className="viewer-tool"
                aria-pressed={layout === state.layout}
                aria-label={intl.formatMessage({ id: 'viewer.layout_option' }, { layout })}
                onClick={() => onCommand({ type: 'layout', layout })}
              >
                {layout}
              </button>
            ))}
          </div>
        );
      case 'grid_image':
        return (
          <Popover key="grid_image" label={intl.formatMessage({ id: 'viewer.image_layout' }, { layout: state.imageLayout })}>
            {(close) =>
              IMAGE_LAYOUTS.map((layout) => (
                <button
                  key={layout}
                  type="button"
                  className="viewer-tool"
                  aria-pressed={layout === state.imageLayout}
                  aria-label={intl.formatMessage({ id: 'viewer.image_layout_option' }, { layout })}
                  onClick={() => {
                    onCommand({ type: 'image_layout', layout });
                    close();
                  }}
                >
                  {layout}
                </button>
              ))
            }
          </Popover>
        );
      case 'window_level_presets':
        return (
          <div key="presets" className="viewer-tool-group" role="group" aria-label={intl.formatMessage({ id: 'viewer.presets' })}>
            {state.presets.map((preset) => (
              <button
                key={preset.key}
                type="button"
                className="viewer-tool"
                title={`${preset.width} / ${preset.center}${preset.keyboard ? ` (${preset.keyboard})` : ''}`}
                onClick={() => onCommand({ type: 'preset', preset })}
              >
                {Object.hasOwn(PRESET_LABELS, preset.key) && preset.modality === 'CT'
                  ? intl.formatMessage(PRESET_LABELS[preset.key as keyof typeof PRESET_LABELS])
                  : preset.label}
              </button>
            ))}
            <button type="button" className="viewer-tool" onClick={() => onCommand({ type: 'invert' })}>
              {intl.formatMessage({ id: 'viewer.invert' })}
            </button>
          </div>
        );
      case 'zoom':
        return (
          <div key="zoom" className="viewer-tool-group">
            {plain(item, state.primary === 'zoom')}
            <Popover label={intl.formatMessage({ id: 'viewer.zoom_menu' })}>
              {(close) => (
                <>
                  {state.zoomPresets.map((percent) => (
                    <button
                      key={percent}
                      type="button"
                      className="viewer-tool"
                      onClick={() => {
                        onCommand({ type: 'zoom_percent', percent });
                        close();
                      }}
                    >
                      {`${percent}%`}
                    </button>
                  ))}
                  {state.zoomSteps.flatMap((step) => [
                    <button
                      key={`-${step}`}
                      type="button"
                      className="viewer-tool"
                      onClick={() => onCommand({ type: 'zoom_step', delta: -step })}
                    >
                      {`−${step}%`}
                    </button>,
                    <button
                      key={`+${step}`}
                      type="button"
                      className="viewer-tool"
                      onClick={() => onCommand({ type: 'zoom_step', delta: step })}
                    >
                      {`+${step}%`}
                    </button>,
                  ])}
                </>
              )}
            </Popover>
          </div>
        );
      case 'rotate':
        return (
          <div key="rotate" className="viewer-tool-group">
            {plain(item, state.primary === 'rotate')}
            <button type="button" className="viewer-tool" onClick={() => onCommand({ type: 'rotate_by', degrees: -90 })}>
              {intl.formatMessage({ id: 'viewer.rotate_left' })}
            </button>
            <button type="button" className="viewer-tool" onClick={() => onCommand({ type: 'rotate_by', degrees: 90 })}>
              {intl.formatMessage({ id: 'viewer.rotate_right' })}
            </button>
            <label className="viewer-field">
              <span>{intl.formatMessage({ id: 'viewer.rotate_angle' })}</span>
              <input
                type="number"
                min={0}
                max={360}
                step={1}
                defaultValue={0}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') onCommand({ type: 'rotate_to', degrees: Number(event.currentTarget.value) || 0 });
                }}
              />
            </label>
          </div>
        );
      case 'cine':
        return (
          <div key="cine" className="viewer-tool-group">
            {plain(item, state.cinePlaying)}
            <Popover label={intl.formatMessage({ id: 'viewer.cine_settings' })} keepOpen>
              {() => (
                <div className="viewer-form">
                  <label className="viewer-field">
                    <span>{intl.formatMessage({ id: 'viewer.cine_fps' })}</span>
                    <input
                      type="number"
                      min={CINE_MIN_FPS}
                      max={CINE_MAX_FPS}
                      value={state.cineFps}
                      onChange={(event) => onCommand({ type: 'cine_fps', fps: Number(event.target.value) })}
                    />
                  </label>
                  <label className="viewer-field">
                    <input
                      type="checkbox"
                      checked={state.cineLoop}
                      onChange={(event) => onCommand({ type: 'cine_loop', loop: event.target.checked })}
                    />
                    <span>{intl.formatMessage({ id: 'viewer.cine_loop' })}</span>
                  </label>
                </div>
              )}
            </Popover>
          </div>
        );
      case 'cine_range':
        return (
          <div
            key="cine_range"
            className="viewer-tool-group viewer-form"
            role="group"
            aria-label={intl.formatMessage({ id: 'viewer.cine_range' })}
          >
            <label className="viewer-field">
              <span>{intl.formatMessage({ id: 'viewer.cine_from' })}</span>
              <input
                type="number"
                min={1}
                max={Math.max(1, state.cineRange.count)}
                value={state.cineRange.from + 1}
                onChange={(event) => onCommand({ type: 'cine_range', from: Number(event.target.value) - 1, to: state.cineRange.to })}
              />
            </label>
            <label className="viewer-field">
              <span>{intl.formatMessage({ id: 'viewer.cine_to' })}</span>
              <input
                type="number"
                min={1}
                max={Math.max(1, state.cineRange.count)}
                value={state.cineRange.to + 1}
                onChange={(event) => onCommand({ type: 'cine_range', from: state.cineRange.from, to: Number(event.target.value) - 1 })}
              />
            </label>
          </div>
        );
      case 'export':
        return (
          <Popover key="export" label={label(item)}>
            {(close) =>
              (['png', 'jpeg', 'dicom'] as const).map((format) => (
                <button
                  key={format}
                  type="button"
                  className="viewer-tool"
                  onClick={() => {
                    onCommand({ type: 'export', format });
                    close();
                  }}
                >
                  {intl.formatMessage(EXPORT_LABELS[format])}
                </button>
              ))
            }
          </Popover>
        );
      case 'annotation_display':
        return (
          <Popover key="annotation_display" label={label(item)}>
            {() =>
              (['show_all', 'show_only_mine', 'hide_all'] as const).map((status) => (
                <button
                  key={status}
                  type="button"
                  className="viewer-tool"
                  aria-pressed={state.annotationStatus === status}
                  onClick={() => onCommand({ type: 'annotation_status', status })}
                >
                  {intl.formatMessage(STATUS_LABELS[status])}
                </button>
              ))
            }
          </Popover>
        );
      case 'pseudo_color':
        return (
          <Popover key="pseudo_color" label={label(item)}>
            {(close) =>
              COLORMAPS.map((map) => (
                <button
                  key={map.key}
                  type="button"
                  className="viewer-tool"
                  aria-pressed={state.colormap === map.key}
                  onClick={() => {
                    onCommand({ type: 'colormap', key: map.key });
                    close();
                  }}
                >
                  {intl.formatMessage(COLORMAP_LABELS[map.key as keyof typeof COLORMAP_LABELS])}
                </button>
              ))
            }
          </Popover>
        );
      case 'sync':
        return plain(item, state.sync);
      case 'comparison':
        return plain(item, state.comparison);
      case 'mpr':
        return plain(item, state.mpr);
      case 'key_image':
        return plain(item, state.keyImage);
      case 'overlay':
        return plain(item, state.overlay);
      default:
        return plain(item, spec?.kind === 'tool' ? state.primary === item.key : undefined);
    }
  };

  const shown = items.filter((item) => visible(item, allowed));
  const left = tidy(shown.filter((item) => item.position !== 'right'));
  const right = tidy(shown.filter((item) => item.position === 'right'));
  return (
    <div className="viewer-toolbar" role="toolbar" aria-label={intl.formatMessage({ id: 'viewer.toolbar' })}>
      {left.map(render)}
      <div className="viewer-toolbar-end">
        {right.map(render)}
        {end}
      </div>
    </div>
  );
}
