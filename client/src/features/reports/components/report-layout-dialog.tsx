/**
 * The report screen's Layout dialog (spec 2 §2, "report layout" dialog): an administrator sets
 * which sections every report shows, their labels and order (configs report.layout). The editor
 * behind it is the one of admin/client/report.
 */
import { FormattedMessage } from 'react-intl';
import type { ReportLayoutItem } from '@pacs/common';
import { Dialog } from '../../../components/dialog.tsx';
import { ReportLayoutEditor } from '../settings/report-layout-editor.tsx';
import { useReplaceConfigs } from '../../configs/index.ts';

export function ReportLayoutDialog({ layout, onClose }: { layout: readonly ReportLayoutItem[] | undefined; onClose: () => void }) {
  const replace = useReplaceConfigs();
  return (
    <Dialog title={<FormattedMessage id="report_settings.layout.title" />} onClose={onClose} size="large">
      <p className="muted">
        <FormattedMessage id="report_settings.layout.description" />
      </p>
      <ReportLayoutEditor
        layout={layout}
        saving={replace.isPending}
        onSave={(next) => replace.mutate({ key: 'report.layout', value: next }, { onSuccess: onClose })}
        actions={
          <button type="button" className="button" onClick={onClose}>
            <FormattedMessage id="common.cancel" />
          </button>
        }
      />
    </Dialog>
  );
}
