/**
 * admin/share/general: the app-wide columns of the share tables (configs `share.fields.study` and
 * `share.fields.patient`): order, label, width (40–400), alignment and visibility, command cells
 * included. Saved with the configs replace call; every user's share pages follow at once.
 */
import { observer } from 'mobx-react-lite';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { cleanColumns, defaultConfigs, type ColumnSetting, type ShareKind } from '@pacs/common';
import { ColumnsEditor, columnWidthsValid, useColumnWidthProblem } from '../../../components/columns-editor.tsx';
import { ListSettingsPage } from '../../../components/list-settings-page.tsx';
import { sessionStore } from '../../../state/index.ts';
import { useReplaceConfigs } from '../../configs/index.ts';
import { SHARE_MESSAGES as M, shareColumnLabel } from '../messages.ts';
import { shareColumns } from '../share-columns.ts';
import '../shares.css';

const KINDS: readonly ShareKind[] = ['study', 'patient'];

type Fields = Record<ShareKind, ColumnSetting[]>;

export const ShareColumnsScreen = observer(function ShareColumnsScreen() {
  const intl = useIntl();
  const replace = useReplaceConfigs();
  const configs = sessionStore.configs;
  const widthProblem = useColumnWidthProblem();
  const initial = useMemo<Fields>(() => ({ study: shareColumns(configs, 'study'), patient: shareColumns(configs, 'patient') }), [configs]);
  const [fields, setFields] = useState<Fields>(initial);
  const [saved, setSaved] = useState(false);
  const [tried, setTried] = useState(false);
  const widthsValid = KINDS.every((kind) => columnWidthsValid(fields[kind]));

  const update = (kind: ShareKind, columns: ColumnSetting[]) => {
    setFields({ ...fields, [kind]: columns });
    setSaved(false);
  };

  const save = async () => {
    setTried(true);
    if (!widthsValid) return;
    await replace.mutateAsync({ key: 'share.fields', value: { study: cleanColumns(fields.study), patient: cleanColumns(fields.patient) } });
    setSaved(true);
  };

  return (
    <ListSettingsPage
      className="share-columns-page"
      title={intl.formatMessage(M.columns_title)}
      description={intl.formatMessage(M.columns_description)}
      onSave={save}
      problem={tried && !widthsValid ? widthProblem : undefined}
      saved={saved}
      saving={replace.isPending}
      reset={{
        label: intl.formatMessage({ id: 'list_editor.reset_defaults' }),
        onClick: () => {
          const defaults = defaultConfigs().share.fields;
          setFields({ study: defaults.study, patient: defaults.patient });
          setSaved(false);
        },
      }}
    >
      {KINDS.map((kind) => (
        <ColumnsEditor
          key={kind}
          kind={kind}
          title={intl.formatMessage(kind === 'study' ? M.study_shares : M.patient_shares)}
          columns={fields[kind]}
          onChange={(columns) => update(kind, columns)}
          showProblems={tried}
          defaultLabel={(column) => shareColumnLabel(intl, { ...column, label: '' })}
          keyBadge={(column) => column.is_cmd && <span className="list-editor-badge">{intl.formatMessage(M.command)}</span>}
        />
      ))}
    </ListSettingsPage>
  );
});
