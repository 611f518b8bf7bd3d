/**
 * user/viewer/window-level (spec 2 §3 window-level preset, §5 not_exist_wl_presets): the window
 * presets per modality with the key that applies each in the viewer, and the viewer's keyboard
 * shortcuts. A modality and key pair is taken once; a shortcut key wins over a preset's.
 */
import { observer } from 'mobx-react-lite';
import { defineMessages, useIntl } from 'react-intl';
import {
  defaultSettings,
  PRESET_LABEL_MAX_LENGTH,
  SHORTCUT_ACTIONS,
  WINDOW_LIMIT,
  type KeyboardShortcut,
  type WindowLevelPreset,
} from '@pacs/common';
import { ListEditor, NumberCell, SelectCell, TextCell } from '../../../components/list-editor.tsx';
import { ViewerSettingsPage } from './viewer-settings-page.tsx';
import { SHORTCUT_NAMES } from '../components/shortcuts-dialog.tsx';
import { KeyCell } from './key-cell.tsx';
import { modalityOptions, storedViewer, useViewerDraft, type ViewerNode } from './use-viewer-draft.ts';
import './viewer-settings.css';

const M = defineMessages({
  title: { id: 'viewer_settings.window_level_title' },
  description: { id: 'viewer_settings.window_level_description' },
  presets: { id: 'viewer.presets' },
  presets_hint: { id: 'viewer_settings.presets_hint' },
  modality: { id: 'columns.modality' },
  label: { id: 'list_editor.label' },
  width: { id: 'viewer_settings.window_width' },
  center: { id: 'viewer_settings.window_center' },
  key: { id: 'viewer_settings.key' },
  shortcuts: { id: 'viewer.shortcuts_title' },
  shortcuts_hint: { id: 'viewer_settings.shortcuts_hint' },
  action: { id: 'viewer_settings.action' },
});

type Draft = Pick<ViewerNode, 'window_level' | 'keyboard_shortcuts'>;

/** Every action once, in the catalogue's order, with the user's key where one is set. */
function allShortcuts(stored: readonly KeyboardShortcut[]): KeyboardShortcut[] {
  return SHORTCUT_ACTIONS.map((key) => ({ key, shortcut: stored.find((item) => item.key === key)?.shortcut ?? '' }));
}

function pick(viewer: ViewerNode): Draft {
  return { window_level: viewer.window_level, keyboard_shortcuts: allShortcuts(viewer.keyboard_shortcuts) };
}

let serial = 0;
function newPreset(modality: string): WindowLevelPreset {
  serial += 1;
  return { key: `preset_${Date.now().toString(36)}_${serial}`, label: '', modality, ww: 400, wc: 40, keyboard: '' };
}

export const UserViewerWindowLevelScreen = observer(function UserViewerWindowLevelScreen() {
  const intl = useIntl();
  const t = (descriptor: { id: string }) => intl.formatMessage(descriptor);
  const page = useViewerDraft<Draft>(() => pick(storedViewer()));
  const { draft, setDraft, invalid } = page;
  const modalities = modalityOptions(draft.window_level.map((preset) => preset.modality)).map((key) => ({ value: key, label: key }));
  const presetRow = (preset: WindowLevelPreset) => draft.window_level.indexOf(preset);

  return (
    <ViewerSettingsPage
      title={M.title}
      description={M.description}
      page={page}
      labels={{
        label: t(M.label),
        modality: t(M.modality),
        ww: t(M.width),
        wc: t(M.center),
        keyboard: t(M.key),
        shortcut: t(M.key),
      }}
      onReset={() => setDraft(pick(defaultSettings().viewer))}
    >
      <ListEditor<WindowLevelPreset>
        kind="window-level"
        title={t(M.presets)}
        hint={t(M.presets_hint)}
        noVisibility
        items={draft.window_level}
        onChange={(window_level) => setDraft({ ...draft, window_level })}
        newItem={() => newPreset(draft.window_level.at(-1)?.modality ?? 'CT')}
        rowKey={(preset) => preset.key}
        isInvalid={(index) => invalid(`window_level.${index}`)}
        columns={[
          {
            header: t(M.modality),
            className: 'viewer-settings-col-modality',
            render: (preset, change) => (
              <SelectCell
                label={t(M.modality)}
                value={preset.modality}
                options={modalities}
                invalid={invalid(`window_level.${presetRow(preset)}.modality`)}
                onChange={(modality) => change({ modality })}
              />
            ),
          },
          {
            header: t(M.label),
            className: 'list-editor-label',
            render: (preset, change) => (
              <TextCell
                label={t(M.label)}
                value={preset.label}
                maxLength={PRESET_LABEL_MAX_LENGTH}
                invalid={invalid(`window_level.${presetRow(preset)}.label`)}
                onChange={(label) => change({ label })}
              />
            ),
          },
          {
            header: t(M.width),
            render: (preset, change) => (
              <NumberCell
                className="viewer-settings-number"
                label={t(M.width)}
                value={preset.ww}
                min={1}
                max={WINDOW_LIMIT}
                invalid={invalid(`window_level.${presetRow(preset)}.ww`)}
                onChange={(ww) => change({ ww })}
              />
            ),
          },
          {
            header: t(M.center),
            render: (preset, change) => (
              <NumberCell
                className="viewer-settings-number"
                label={t(M.center)}
                value={preset.wc}
                min={-WINDOW_LIMIT}
                max={WINDOW_LIMIT}
                invalid={invalid(`window_level.${presetRow(preset)}.wc`)}
                onChange={(wc) => change({ wc })}
              />
            ),
          },
          {
            header: t(M.key),
            render: (preset, change) => (
              <KeyCell
                label={t(M.key)}
                value={preset.keyboard}
                invalid={invalid(`window_level.${presetRow(preset)}.keyboard`)}
                onChange={(keyboard) => change({ keyboard })}
              />
            ),
          },
        ]}
      />
      <ListEditor<KeyboardShortcut>
        kind="shortcuts"
        title={t(M.shortcuts)}
        hint={t(M.shortcuts_hint)}
        noVisibility
        items={draft.keyboard_shortcuts}
        onChange={(keyboard_shortcuts) => setDraft({ ...draft, keyboard_shortcuts })}
        rowKey={(item) => item.key}
        fixedOrder
        isInvalid={(index) => invalid(`keyboard_shortcuts.${index}`)}
        columns={[
          {
            header: t(M.action),
            render: (item) => (item.key in SHORTCUT_NAMES ? t(SHORTCUT_NAMES[item.key as keyof typeof SHORTCUT_NAMES]) : item.key),
          },
          {
            header: t(M.key),
            render: (item, change, index) => (
              <KeyCell
                label={`${t(M.key)}: ${item.key in SHORTCUT_NAMES ? t(SHORTCUT_NAMES[item.key as keyof typeof SHORTCUT_NAMES]) : item.key}`}
                value={item.shortcut}
                invalid={invalid(`keyboard_shortcuts.${index}.shortcut`)}
                onChange={(shortcut) => change({ shortcut })}
              />
            ),
          },
        ]}
      />
    </ViewerSettingsPage>
  );
});
