/**
 * user/viewer/general (spec 2 §3 user settings viewer; §9 defaults): what the mouse buttons do,
 * how images are interpolated, the thumbnail bar, the history mode of the study picker, which
 * annotations the viewer starts by showing, and which kinds of sync the Sync tool turns on.
 */
import { observer } from 'mobx-react-lite';
import { defineMessages, useIntl } from 'react-intl';
import { defaultSettings, INTERPOLATIONS, MOUSE_TOOLS } from '@pacs/common';
import { ViewerSettingsPage } from './viewer-settings-page.tsx';
import { storedViewer, useViewerDraft, type ViewerNode } from './use-viewer-draft.ts';
import './viewer-settings.css';

const M = defineMessages({
  title: { id: 'viewer_settings.general_title' },
  description: { id: 'viewer_settings.general_description' },
  mouse: { id: 'viewer_settings.mouse' },
  left: { id: 'viewer_settings.mouse_left' },
  middle: { id: 'viewer_settings.mouse_middle' },
  right: { id: 'viewer_settings.mouse_right' },
  none: { id: 'viewer_settings.tool_none' },
  window_level: { id: 'viewer.feature.window_level' },
  zoom: { id: 'viewer.feature.zoom' },
  pan: { id: 'viewer.feature.pan' },
  display: { id: 'viewer_settings.display' },
  interpolation: { id: 'viewer_settings.interpolation' },
  bilinear: { id: 'viewer_settings.interpolation_bilinear' },
  nearest_neighbor: { id: 'viewer_settings.interpolation_nearest' },
  bicubic: { id: 'viewer_settings.interpolation_bicubic' },
  thumbnails: { id: 'viewer_settings.thumbnails' },
  thumbnails_visible: { id: 'viewer_settings.thumbnails_visible' },
  position: { id: 'viewer_settings.thumbnails_position' },
  position_left: { id: 'viewer_settings.thumbnails_left' },
  position_bottom: { id: 'viewer_settings.thumbnails_bottom' },
  double_click: { id: 'viewer_settings.double_click' },
  double_click_replace: { id: 'viewer_settings.double_click_replace' },
  double_click_add: { id: 'viewer_settings.double_click_add' },
  history: { id: 'viewer_settings.history' },
  history_modality: { id: 'viewer_settings.history_modality' },
  history_series: { id: 'viewer_settings.history_series' },
  sync: { id: 'viewer_settings.sync' },
  sync_hint: { id: 'viewer_settings.sync_hint' },
  sync_scroll: { id: 'viewer_settings.sync_scroll' },
  sync_window_level: { id: 'viewer.feature.window_level' },
  sync_zoom_pan: { id: 'viewer_settings.sync_zoom_pan' },
  annotation: { id: 'viewer.feature.annotation_display' },
  show_all: { id: 'viewer.annotation_status.show_all' },
  show_only_mine: { id: 'viewer.annotation_status.show_only_mine' },
  hide_all: { id: 'viewer.annotation_status.hide_all' },
});

type General = Pick<ViewerNode, 'mouse' | 'interpolation' | 'thumbnailbar' | 'history' | 'sync' | 'annotation'>;

function pick({ mouse, interpolation, thumbnailbar, history, sync, annotation }: ViewerNode): General {
  return { mouse, interpolation, thumbnailbar, history, sync, annotation };
}

function Choice({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: [string, string][];
  onChange: (value: string) => void;
}) {
  return (
    <label className="field">
      <span className="field-label">{label}</span>
      <select className="input select" value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map(([key, text]) => (
          <option key={key} value={key}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

function Tick({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="field field-checkbox">
      <input type="checkbox" className="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <span>{label}</span>
    </label>
  );
}

export const UserViewerGeneralScreen = observer(function UserViewerGeneralScreen() {
  const intl = useIntl();
  const t = (descriptor: { id: string }) => intl.formatMessage(descriptor);
  const page = useViewerDraft<General>(() => pick(storedViewer()));
  const { draft, setDraft } = page;
  const tools = MOUSE_TOOLS.map((tool): [string, string] => [tool, t(M[tool])]);

  return (
    <ViewerSettingsPage title={M.title} description={M.description} page={page} onReset={() => setDraft(pick(defaultSettings().viewer))}>
      <fieldset className="fieldset viewer-settings-grid">
        <legend>{t(M.mouse)}</legend>
        {(['left', 'middle', 'right'] as const).map((button) => (
          <Choice
            key={button}
            label={t(M[button])}
            value={draft.mouse[button]}
            options={tools}
            onChange={(value) => setDraft({ ...draft, mouse: { ...draft.mouse, [button]: value } })}
          />
        ))}
      </fieldset>
      <fieldset className="fieldset viewer-settings-grid">
        <legend>{t(M.display)}</legend>
        <Choice
          label={t(M.interpolation)}
          value={draft.interpolation}
          options={INTERPOLATIONS.map((key): [string, string] => [key, t(M[key])])}
          onChange={(value) => setDraft({ ...draft, interpolation: value as General['interpolation'] })}
        />
        <Choice
          label={t(M.history)}
          value={draft.history.mode}
          options={[
            ['modality', t(M.history_modality)],
            ['series', t(M.history_series)],
          ]}
          onChange={(value) => setDraft({ ...draft, history: { mode: value as General['history']['mode'] } })}
        />
        <Choice
          label={t(M.annotation)}
          value={draft.annotation.status}
          options={(['show_all', 'show_only_mine', 'hide_all'] as const).map((key): [string, string] => [key, t(M[key])])}
          onChange={(value) => setDraft({ ...draft, annotation: { status: value as General['annotation']['status'] } })}
        />
      </fieldset>
      <fieldset className="fieldset viewer-settings-grid">
        <legend>{t(M.thumbnails)}</legend>
        <Tick
          label={t(M.thumbnails_visible)}
          checked={draft.thumbnailbar.is_visible}
          onChange={(is_visible) => setDraft({ ...draft, thumbnailbar: { ...draft.thumbnailbar, is_visible } })}
        />
        <Choice
          label={t(M.position)}
          value={draft.thumbnailbar.position}
          options={[
            ['left', t(M.position_left)],
            ['bottom', t(M.position_bottom)],
          ]}
          onChange={(value) => setDraft({ ...draft, thumbnailbar: { ...draft.thumbnailbar, position: value as 'left' | 'bottom' } })}
        />
        <Choice
          label={t(M.double_click)}
          value={draft.thumbnailbar.double_click}
          options={[
            ['replace', t(M.double_click_replace)],
            ['add', t(M.double_click_add)],
          ]}
          onChange={(value) => setDraft({ ...draft, thumbnailbar: { ...draft.thumbnailbar, double_click: value as 'replace' | 'add' } })}
        />
      </fieldset>
      <fieldset className="fieldset viewer-settings-grid">
        <legend>{t(M.sync)}</legend>
        <p className="field-hint viewer-settings-wide">{t(M.sync_hint)}</p>
        {(['scroll', 'window_level', 'zoom_pan'] as const).map((kind) => (
          <Tick
            key={kind}
            label={t(M[`sync_${kind}`])}
            checked={draft.sync[kind]}
            onChange={(checked) => setDraft({ ...draft, sync: { ...draft.sync, [kind]: checked } })}
          />
        ))}
      </fieldset>
    </ViewerSettingsPage>
  );
});
