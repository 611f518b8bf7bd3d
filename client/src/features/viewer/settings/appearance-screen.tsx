/**
 * user/viewer/appearance (spec 2 §2 color, font size, overlay and modality dialogs; §3 viewer
 * overlay item; §9 #00ff00 / #ff3333, 13 px): the annotation colours and font size, and the
 * overlay's four corners, for every modality or for one modality of its own (a modality is given
 * corners once, not_exist_modality: only modalities without corners are offered).
 */
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import {
  defaultSettings,
  FONT_SIZE_MAX,
  FONT_SIZE_MIN,
  OVERLAY_KEY_MAX_LENGTH,
  OVERLAY_POSITIONS,
  overlayFor,
  overlayModalities,
  type OverlayItem,
  type OverlayPosition,
} from '@pacs/common';
import { ListEditor, NumberCell, TextCell } from '../../../components/list-editor.tsx';
import { ViewerSettingsPage } from './viewer-settings-page.tsx';
import { modalityOptions, storedViewer, useViewerDraft, type ViewerNode } from './use-viewer-draft.ts';
import './viewer-settings.css';

const M = defineMessages({
  title: { id: 'viewer_settings.appearance_title' },
  description: { id: 'viewer_settings.appearance_description' },
  colours: { id: 'viewer_settings.colours' },
  annotation: { id: 'viewer_settings.colour_annotation' },
  active: { id: 'viewer_settings.colour_active' },
  font_size: { id: 'viewer_settings.font_size' },
  overlay: { id: 'viewer_settings.overlay' },
  overlay_hint: { id: 'viewer_settings.overlay_hint' },
  every: { id: 'viewer_settings.every_modality' },
  add_modality: { id: 'viewer_settings.add_modality' },
  remove_modality: { id: 'viewer_settings.remove_modality' },
  attribute: { id: 'viewer_settings.attribute' },
  tl: { id: 'viewer_settings.corner_tl' },
  tr: { id: 'viewer_settings.corner_tr' },
  bl: { id: 'viewer_settings.corner_bl' },
  br: { id: 'viewer_settings.corner_br' },
});

type Draft = Pick<ViewerNode, 'color' | 'font_size' | 'overlay'>;

function pick({ color, font_size, overlay }: ViewerNode): Draft {
  return { color, font_size, overlay };
}

/** The overlay list with one modality's corners replaced, the groups kept in their order. */
function withGroup(overlay: readonly OverlayItem[], modality: string, items: readonly OverlayItem[]): OverlayItem[] {
  const groups = ['', ...overlayModalities(overlay)];
  if (!groups.includes(modality)) groups.push(modality);
  return groups.flatMap((group) => (group === modality ? [...items] : overlay.filter((item) => (item.modality ?? '') === group)));
}

function ColourField({
  label,
  value,
  invalid,
  onChange,
}: {
  label: string;
  value: string;
  invalid: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <div className="field">
      <span className="field-label">{label}</span>
      <div className="viewer-settings-colour">
        <input
          type="color"
          aria-hidden="true"
          tabIndex={-1}
          value={/^#[0-9a-fA-F]{6}$/.test(value) ? value : '#000000'}
          onChange={(event) => onChange(event.target.value)}
        />
        <input
          className="input"
          aria-label={label}
          aria-invalid={invalid || undefined}
          value={value}
          maxLength={7}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
    </div>
  );
}

export const UserViewerAppearanceScreen = observer(function UserViewerAppearanceScreen() {
  const intl = useIntl();
  const t = (descriptor: { id: string }) => intl.formatMessage(descriptor);
  const page = useViewerDraft<Draft>(() => pick(storedViewer()));
  const { draft, setDraft, invalid } = page;
  const [modality, setModality] = useState('');
  const own = overlayModalities(draft.overlay);
  const free = modalityOptions().filter((key) => !own.includes(key));
  const shown =
    modality === '' ? draft.overlay.filter((item) => !item.modality) : draft.overlay.filter((item) => item.modality === modality);
  const setCorner = (position: OverlayPosition, items: OverlayItem[]) => {
    const others = shown.filter((item) => item.position !== position);
    const group = OVERLAY_POSITIONS.flatMap((corner) => (corner === position ? items : others.filter((item) => item.position === corner)));
    setDraft({ ...draft, overlay: withGroup(draft.overlay, modality, group) });
  };
  const addModality = (key: string) => {
    // A modality starts from the corners every modality shows, then the reader trims them.
    const start = overlayFor(draft.overlay, null).map((item) => ({ ...item, modality: key }));
    setDraft({ ...draft, overlay: withGroup(draft.overlay, key, start) });
    setModality(key);
  };
  const removeModality = () => {
    setDraft({ ...draft, overlay: draft.overlay.filter((item) => item.modality !== modality) });
    setModality('');
  };

  return (
    <ViewerSettingsPage
      title={M.title}
      description={M.description}
      page={page}
      labels={{ annotation: t(M.annotation), active: t(M.active), font_size: t(M.font_size), overlay: t(M.attribute) }}
      onReset={() => {
        setDraft(pick(defaultSettings().viewer));
        setModality('');
      }}
    >
      <fieldset className="fieldset viewer-settings-grid">
        <legend>{t(M.colours)}</legend>
        {(['annotation', 'active'] as const).map((kind) => (
          <ColourField
            key={kind}
            label={t(M[kind])}
            value={draft.color[kind]}
            invalid={invalid(`color.${kind}`)}
            onChange={(value) => setDraft({ ...draft, color: { ...draft.color, [kind]: value } })}
          />
        ))}
        <label className="field">
          <span className="field-label">{t(M.font_size)}</span>
          <NumberCell
            className="viewer-settings-number"
            label={t(M.font_size)}
            value={draft.font_size}
            min={FONT_SIZE_MIN}
            max={FONT_SIZE_MAX}
            invalid={invalid('font_size')}
            onChange={(font_size) => setDraft({ ...draft, font_size })}
          />
        </label>
      </fieldset>
      <fieldset className="fieldset list-editor-section">
        <legend>{t(M.overlay)}</legend>
        <p className="field-hint">{t(M.overlay_hint)}</p>
        <div className="viewer-settings-tabs" role="group" aria-label={t(M.overlay)}>
          {['', ...own].map((key) => (
            <button
              key={key}
              type="button"
              className="button button-small"
              aria-pressed={modality === key}
              onClick={() => setModality(key)}
            >
              {key === '' ? t(M.every) : key}
            </button>
          ))}
          {free.length > 0 && (
            <select
              className="input select"
              aria-label={t(M.add_modality)}
              value=""
              onChange={(event) => {
                if (event.target.value) addModality(event.target.value);
              }}
            >
              <option value="">{t(M.add_modality)}</option>
              {free.map((key) => (
                <option key={key} value={key}>
                  {key}
                </option>
              ))}
            </select>
          )}
          {modality !== '' && (
            <button type="button" className="button button-small button-danger-quiet" onClick={removeModality}>
              {intl.formatMessage(M.remove_modality, { modality })}
            </button>
          )}
        </div>
        <div className="viewer-settings-corners">
          {OVERLAY_POSITIONS.map((position) => (
            <ListEditor<OverlayItem>
              key={`${modality}-${position}`}
              kind={`overlay-${position}`}
              title={t(M[position])}
              items={shown.filter((item) => item.position === position)}
              onChange={(items) => setCorner(position, items)}
              newItem={() => ({ key: '', position, is_visible: true, ...(modality ? { modality } : {}) })}
              isInvalid={(index) => {
                const item = shown.filter((one) => one.position === position)[index];
                return item !== undefined && invalid(`overlay.${draft.overlay.indexOf(item)}`);
              }}
              columns={[
                {
                  header: t(M.attribute),
                  className: 'list-editor-label',
                  render: (item, change) => (
                    <TextCell
                      label={t(M.attribute)}
                      value={item.key}
                      maxLength={OVERLAY_KEY_MAX_LENGTH}
                      invalid={invalid(`overlay.${draft.overlay.indexOf(item)}`)}
                      onChange={(key) => change({ key: key.trim() })}
                    />
                  ),
                },
              ]}
            />
          ))}
        </div>
      </fieldset>
    </ViewerSettingsPage>
  );
});
