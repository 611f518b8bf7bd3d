/**
 * admin/share/general: the app-wide columns of the share tables (configs `share.fields.study` and
 * `share.fields.patient`): order, label, width (40–400), alignment and visibility, command cells
 * included. Saved with the configs replace call; every user's share pages follow at once.
 */
import { observer } from 'mobx-react-lite';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import {
  MAX_COLUMN_WIDTH,
  MIN_COLUMN_WIDTH,
  defaultConfigs,
  isColumnWidth,
  type Alignment,
  type ColumnSetting,
  type ShareKind,
} from '@pacs/common';
import { sessionStore } from '../../../state/index.ts';
import { useReplaceConfigs } from '../../configs/index.ts';
import { SHARE_MESSAGES as M, shareColumnLabel } from '../messages.ts';
import { shareColumns } from '../share-columns.ts';
import { ListEditor, NumberCell, SelectCell, TextCell, type ListColumn } from './list-editor.tsx';
import { ListSettingsPage } from './list-settings-page.tsx';
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

  const save = async () => {
    setTried(true);
    if (!widthsValid) return;
    // The settings table's transient selection never goes into the stored tree.
    const clean = (columns: ColumnSetting[]) => columns.map(({ is_selected: _selected, ...column }) => column);
    await replace.mutateAsync({ key: 'share.fields', value: { study: clean(fields.study), patient: clean(fields.patient) } });
    setSaved(true);
  };

  const columns: ListColumn<ColumnSetting>[] = [
    {
      header: intl.formatMessage(M.column_key),
      className: 'mono',
      render: (column) => (
        <>
          {column.key}
          {column.is_cmd && <span className="share-badge">{intl.formatMessage(M.command)}</span>}
        </>
      ),
    },
    {
      header: intl.formatMessage(M.label),
      render: (column, change) => (
        <TextCell
          label={intl.formatMessage(M.label)}
          maxLength={100}
          placeholder={shareColumnLabel(intl, { ...column, label: '' })}
          value={column.label}
          onChange={(value) => change({ label: value })}
        />
      ),
    },
    {
      header: intl.formatMessage(M.width),
      render: (column, change) => (
        <NumberCell
          className="share-width-input"
          min={MIN_COLUMN_WIDTH}
          max={MAX_COLUMN_WIDTH}
          label={intl.formatMessage(M.width)}
          invalid={tried && !isColumnWidth(column.width)}
          value={column.width}
          onChange={(value) => change({ width: value })}
        />
      ),
    },
    {
      header: intl.formatMessage(M.alignment),
      render: (column, change) => (
        <SelectCell
          label={intl.formatMessage(M.alignment)}
          value={column.alignment}
          onChange={(value) => change({ alignment: value as Alignment })}
          options={ALIGNMENTS.map((alignment) => ({ value: alignment, label: intl.formatMessage(ALIGNMENT_LABELS[alignment]) }))}
        />
      ),
    },
  ];

  return (
    <ListSettingsPage
      className="share-columns-page"
      title={intl.formatMessage(M.columns_title)}
      description={intl.formatMessage(M.columns_description)}
      onSave={save}
      problem={tried && !widthsValid ? intl.formatMessage(M.width_invalid, { min: MIN_COLUMN_WIDTH, max: MAX_COLUMN_WIDTH }) : undefined}
      saved={saved}
      saving={replace.isPending}
      reset={{
        label: intl.formatMessage(M.reset_defaults),
        onClick: () => {
          const defaults = defaultConfigs().share.fields;
          setFields({ study: defaults.study, patient: defaults.patient });
          setSaved(false);
        },
      }}
    >
      {KINDS.map((kind) => (
        <ListEditor
          key={kind}
          kind={kind}
          title={intl.formatMessage(kind === 'study' ? M.study_shares : M.patient_shares)}
          items={fields[kind]}
          onChange={(items) => update(kind, items)}
          rowKey={(column) => column.key}
          columns={columns}
        />
      ))}
    </ListSettingsPage>
  );
});
