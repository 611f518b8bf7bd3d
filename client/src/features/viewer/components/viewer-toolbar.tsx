/** The viewer's toolbar, built from VIEWER_TOOLBAR: layout picker, CT window presets, reset. */
import { useIntl, type MessageDescriptor } from 'react-intl';
import type { LayoutKey } from '../../../viewer/layouts.ts';
import type { CtPreset, CtPresetKey } from '../../../viewer/presets.ts';
import { VIEWER_TOOLBAR } from '../../../viewer/viewer-config.ts';

const PRESET_MESSAGES: Record<CtPresetKey, MessageDescriptor> = {
  abdomen: { id: 'viewer.preset.abdomen' },
  bone: { id: 'viewer.preset.bone' },
  brain: { id: 'viewer.preset.brain' },
  lungs: { id: 'viewer.preset.lungs' },
  mediastinum: { id: 'viewer.preset.mediastinum' },
};

export interface ViewerToolbarProps {
  layout: LayoutKey;
  onLayout: (layout: LayoutKey) => void;
  onPreset: (preset: CtPreset) => void;
  onReset: () => void;
}

export function ViewerToolbar({ layout, onLayout, onPreset, onReset }: ViewerToolbarProps) {
  const intl = useIntl();
  return (
    <div className="viewer-toolbar" role="toolbar" aria-label={intl.formatMessage({ id: 'viewer.toolbar' })}>
      <div className="viewer-tool-group" role="group" aria-label={intl.formatMessage({ id: 'viewer.layout' })}>
        {VIEWER_TOOLBAR.layouts.map((item) => (
          <button
            key={item.key}
            type="button"
            className="viewer-tool"
            aria-pressed={item.key === layout}
            aria-label={intl.formatMessage({ id: 'viewer.layout_option' }, { layout: item.key })}
            onClick={() => onLayout(item.key)}
          >
            {item.key}
          </button>
        ))}
      </div>
      <div className="viewer-tool-group" role="group" aria-label={intl.formatMessage({ id: 'viewer.presets' })}>
        {VIEWER_TOOLBAR.presets.map((preset) => (
          <button
            key={preset.key}
            type="button"
            className="viewer-tool"
            title={`${preset.width} / ${preset.center}`}
            onClick={() => onPreset(preset)}
          >
            {intl.formatMessage(PRESET_MESSAGES[preset.key])}
          </button>
        ))}
      </div>
      <button type="button" className="viewer-tool" onClick={onReset}>
        {intl.formatMessage({ id: 'viewer.reset' })}
      </button>
      <span className="viewer-hint">{intl.formatMessage({ id: 'viewer.mouse_hint' })}</span>
    </div>
  );
}
