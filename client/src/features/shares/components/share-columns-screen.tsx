/**
 * admin/share/general: the app-wide columns of the share tables (configs `share.fields.study` and
 * `share.fields.patient`): order, label, width (40–400), alignment and visibility, command cells
 * included. Saved with the configs replace call; every user's share pages follow at once.
 */
import { observer } from 'mobx-react-lite';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  MAX_COLUMN_WIDTH,
  MIN_COLUMN_WIDTH,
  defaultConfigs,
  isColumnWidth,
  type Alignment,
  type ColumnSetting,
  type ShareKind,
} from '@pacs/common';
import { sessionStore } from '../../../app/stores/index.ts';
import { FormAlert } from '../../../components/form-fields.tsx';
import { useReplaceConfigs } from '../../configs/api/replace-configs.ts';
import { SHARE_MESSAGES as M, shareColumnLabel } from '../messages.ts';
import { shareColumns } from '../share-columns.ts';
import { moveItem } from '../share-settings.ts';
import '../shares.css';

const KINDS: readonly ShareKind[] = ['study', 'patient'];
const ALIGNMENTS: readonly Alignment[] = ['left', 'center', 'right'];
const ALIGNMENT_LABELS = { left: M.align_left, center: M.align_center, right: M.align_right } as const;

type Fields = Record<ShareKind, ColumnSetting[]>;

export const ShareColumnsScreen = observer(function ShareColumnsScreen() {
  const intl = useIntl();
  const replace = useReplaceConfigs();
  const configs = sessionStore.configs;
  const initial = useMemo<Fields>(() => ({ study: shareColumns(configs, 'study'), patient: shareColumns(configs, 'patient') }), [configs]);
  const [fields, setFields] = useState<Fields>(initial);
  const [saved, setSaved] = useState(false);
  const [tried, setTried] = useState(false);
  const widthsValid = KINDS.every((kind) => fields[kind].every((column) => isColumnWidth(column.width)));

  const update = (kind: ShareKind, columns: ColumnSetting[]) => {
    setFields({ ...fields, [kind]: columns });
    setSaved(false);
  };
  const updateColumn = (kind: ShareKind, index: number, patch: Partial<ColumnSetting>) =>
    update(
      kind,
      fields[kind].map((column, at) => (at === index ? { ...column, ...patch } : column)),
    );

  const save = async () => {
    setTried(true);
    if (!widthsValid) return;
    // The settings table's transient selection never goes into the stored tree.
    const clean = (columns: ColumnSetting[]) => columns.map(({ is_selected: _selected, ...column }) => column);
    await replace.mutateAsync({ key: 'share.fields', value: { study: clean(fields.study), patient: clean(fields.patient) } });
    setSaved(true);
  };

  return (
    <div className="page share-columns-page">
      <header className="page-header">
        <div>
          <h1 className="page-title">{intl.formatMessage(M.columns_title)}</h1>
          <p className="muted">{intl.formatMessage(M.columns_description)}</p>
        </div>
      </header>
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save().catch(() => undefined);
        }}
      >
        {KINDS.map((kind) => (
          <fieldset key={kind} className="fieldset share-settings-section" data-kind={kind}>
            <legend>{intl.formatMessage(kind === 'study' ? M.study_shares : M.patient_shares)}</legend>
            <table className="table share-settings-table">
              <thead>
                <tr>
                  <th scope="col">{intl.formatMessage(M.column_key)}</th>
                  <th scope="col">{intl.formatMessage(M.label)}</th>
                  <th scope="col">{intl.formatMessage(M.width)}</th>
                  <th scope="col">{intl.formatMessage(M.alignment)}</th>
                  <th scope="col">{intl.formatMessage(M.visible)}</th>
                  <th scope="col" />
                </tr>
              </thead>
              <tbody>
                {fields[kind].map((column, index) => {
                  const badWidth = tried && !isColumnWidth(column.width);
                  return (
                    <tr key={column.key} data-key={column.key}>
                      <td className="mono">
                        {column.key}
                        {column.is_cmd && <span className="share-badge">{intl.formatMessage(M.command)}</span>}
                      </td>
                      <td>
                        <input
                          className="input"
                          maxLength={100}
                          aria-label={intl.formatMessage(M.label)}
                          placeholder={shareColumnLabel(intl, { ...column, label: '' })}
                          value={column.label}
                          onChange={(event) => updateColumn(kind, index, { label: event.target.value })}
                        />
                      </td>
                      <td>
                        <input
                          className="input share-width-input"
                          type="number"
                          min={MIN_COLUMN_WIDTH}
                          max={MAX_COLUMN_WIDTH}
                          aria-label={intl.formatMessage(M.width)}
                          aria-invalid={badWidth || undefined}
                          value={Number.isFinite(column.width) ? column.width : ''}
                          onChange={(event) => updateColumn(kind, index, { width: event.target.valueAsNumber })}
                        />
                      </td>
                      <td>
                        <select
                          className="input select"
                          aria-label={intl.formatMessage(M.alignment)}
                          value={column.alignment}
                          onChange={(event) => updateColumn(kind, index, { alignment: event.target.value as Alignment })}
                        >
                          {ALIGNMENTS.map((alignment) => (
                            <option key={alignment} value={alignment}>
                              {intl.formatMessage(ALIGNMENT_LABELS[alignment])}
                            </option>
                          ))}
                        </select>
                      </td>
                      <td>
                        <input
                          type="checkbox"
                          aria-label={intl.formatMessage(M.visible)}
                          checked={column.is_visible}
                          onChange={(event) => updateColumn(kind, index, { is_visible: event.target.checked })}
                        />
                      </td>
                      <td className="share-row-tools">
                        <button
                          type="button"
                          className="button button-small"
                          aria-label={intl.formatMessage(M.move_up)}
                          disabled={index === 0}
                          onClick={() => update(kind, moveItem(fields[kind], index, -1))}
                        >
                          ↑
                        </button>
                        <button
                          type="button"
                          className="button button-small"
                          aria-label={intl.formatMessage(M.move_down)}
                          disabled={index === fields[kind].length - 1}
                          onClick={() => update(kind, moveItem(fields[kind], index, 1))}
                        >
                          ↓
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </fieldset>
        ))}
        {tried && !widthsValid && (
          <FormAlert>{intl.formatMessage(M.width_invalid, { min: MIN_COLUMN_WIDTH, max: MAX_COLUMN_WIDTH })}</FormAlert>
        )}
        {saved && (
          <FormAlert tone="success">
            <FormattedMessage id="common.saved" />
          </FormAlert>
        )}
        <div className="form-actions">
          <button
            type="button"
            className="button"
            onClick={() => {
              const defaults = defaultConfigs().share.fields;
              setFields({ study: defaults.study, patient: defaults.patient });
              setSaved(false);
            }}
          >
            {intl.formatMessage(M.reset_defaults)}
          </button>
          <button type="submit" className="button button-primary" disabled={replace.isPending}>
            <FormattedMessage id="common.save" />
          </button>
        </div>
      </form>
    </div>
  );
});
