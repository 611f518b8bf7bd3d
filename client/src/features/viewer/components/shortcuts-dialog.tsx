/** The viewer's keyboard shortcuts (spec 2 "keyboard shortcuts" dialog): the user's list and the preset keys. */
import { defineMessages, useIntl } from 'react-intl';
import { Dialog } from '../../../components/dialog.tsx';
import type { ModalityPreset } from '../../../viewer/presets.ts';
import type { Shortcut } from '../shortcuts.ts';

export const SHORTCUT_NAMES = defineMessages({
  next_image: { id: 'viewer.shortcut.next_image' },
  previous_image: { id: 'viewer.shortcut.previous_image' },
  next_series: { id: 'viewer.shortcut.next_series' },
  previous_series: { id: 'viewer.shortcut.previous_series' },
  window_level: { id: 'viewer.feature.window_level' },
  pan: { id: 'viewer.feature.pan' },
  zoom: { id: 'viewer.feature.zoom' },
  reset: { id: 'viewer.reset' },
});

export function ShortcutsDialog({
  shortcuts,
  presets,
  onClose,
}: {
  shortcuts: readonly Shortcut[];
  presets: readonly ModalityPreset[];
  onClose: () => void;
}) {
  const intl = useIntl();
  const name = (key: string) => {
    const descriptor = SHORTCUT_NAMES[key as keyof typeof SHORTCUT_NAMES];
    return descriptor ? intl.formatMessage(descriptor) : key;
  };
  return (
    <Dialog title={intl.formatMessage({ id: 'viewer.shortcuts_title' })} onClose={onClose} size="small">
      <table className="table shortcuts">
        <tbody>
          {shortcuts.map((item) => (
            <tr key={item.key}>
              <td>
                <kbd>{item.shortcut}</kbd>
              </td>
              <td>{name(item.key)}</td>
            </tr>
          ))}
          {presets
            .filter((preset) => preset.keyboard)
            .map((preset) => (
              <tr key={`preset-${preset.key}`}>
                <td>
                  <kbd>{preset.keyboard}</kbd>
                </td>
                <td>
                  {intl.formatMessage({ id: 'viewer.shortcut.preset' }, { name: preset.label, width: preset.width, center: preset.center })}
                </td>
              </tr>
            ))}
        </tbody>
      </table>
    </Dialog>
  );
}
