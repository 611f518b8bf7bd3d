/**
 * The viewer toolbar's menus, each its own component: image layout, zoom, cine speed and loop,
 * export formats, annotation display and colour maps (each a popover), and the inline groups of
 * series layouts, window presets, rotation and the cine range.
 */
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { CINE_MAX_FPS, CINE_MIN_FPS } from '../../../viewer/interaction.ts';
import { IMAGE_LAYOUTS, SERIES_LAYOUTS } from '../../../viewer/layouts.ts';
import { COLORMAPS } from '../../../viewer/viewer-config.ts';
import type { ToolbarCommand, ToolbarState } from './toolbar-command.ts';
import { COLORMAP_LABELS, EXPORT_LABELS, PRESET_LABELS, STATUS_LABELS } from './toolbar-labels.ts';
import { Popover } from './toolbar-popover.tsx';

interface MenuProps {
  state: ToolbarState;
  onCommand: (command: ToolbarCommand) => void;
}

/** A menu beside a feature's own button (`tool`). */
interface ToolMenuProps extends MenuProps {
  tool: ReactNode;
}

/** A menu under a feature's label. */
interface LabelledMenuProps extends MenuProps {
  label: string;
}

export function SeriesLayoutGroup({ state, onCommand }: MenuProps) {
  const intl = useIntl();
  return (
    <div className="viewer-tool-group" role="group" aria-label={intl.formatMessage({ id: 'viewer.layout' })}>
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
}

export function ImageLayoutMenu({ state, onCommand }: MenuProps) {
  const intl = useIntl();
  return (
    <Popover label={intl.formatMessage({ id: 'viewer.image_layout' }, { layout: state.imageLayout })}>
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
}

export function PresetGroup({ state, onCommand }: MenuProps) {
  const intl = useIntl();
  return (
    <div className="viewer-tool-group" role="group" aria-label={intl.formatMessage({ id: 'viewer.presets' })}>
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
}

export function ZoomMenu({ tool, state, onCommand }: ToolMenuProps) {
  const intl = useIntl();
  return (
    <div className="viewer-tool-group">
      {tool}
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
              <button key={`-${step}`} type="button" className="viewer-tool" onClick={() => onCommand({ type: 'zoom_step', delta: -step })}>
                {`−${step}%`}
              </button>,
              <button key={`+${step}`} type="button" className="viewer-tool" onClick={() => onCommand({ type: 'zoom_step', delta: step })}>
                {`+${step}%`}
              </button>,
            ])}
          </>
        )}
      </Popover>
    </div>
  );
}

export function RotateGroup({ tool, onCommand }: Omit<ToolMenuProps, 'state'>) {
  const intl = useIntl();
  return (
    <div className="viewer-tool-group">
      {tool}
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
}

export function CineMenu({ tool, state, onCommand }: ToolMenuProps) {
  const intl = useIntl();
  return (
    <div className="viewer-tool-group">
      {tool}
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
}

export function CineRangeGroup({ state, onCommand }: MenuProps) {
  const intl = useIntl();
  return (
    <div className="viewer-tool-group viewer-form" role="group" aria-label={intl.formatMessage({ id: 'viewer.cine_range' })}>
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
}

export function ExportMenu({ label, onCommand }: Omit<LabelledMenuProps, 'state'>) {
  const intl = useIntl();
  return (
    <Popover label={label}>
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
}

export function AnnotationDisplayMenu({ label, state, onCommand }: LabelledMenuProps) {
  const intl = useIntl();
  return (
    <Popover label={label}>
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
}

export function ColormapMenu({ label, state, onCommand }: LabelledMenuProps) {
  const intl = useIntl();
  return (
    <Popover label={label}>
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
}
