/**
 * admin/client/report: what is report-wide. The institutions' report logos (report_header and
 * report_footer, printed in the PDF header and footer of that institution's users) and the
 * report layout every report editor shows (configs report.layout).
 */
import { observer } from 'mobx-react-lite';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { sessionStore } from '../../../state/index.ts';
import { useReplaceConfigs } from '../../configs/index.ts';
import { useInstitutions } from '../../institutions/index.ts';
import { LOGO_NAMES } from '../../institutions/index.ts';
import { LogoCard } from './logo-card.tsx';
import { ReportLayoutEditor } from './report-layout-editor.tsx';
import '../report-settings.css';
import { PageHeader } from '../../../components/page-header.tsx';

export const ReportSettingsScreen = observer(function ReportSettingsScreen() {
  const intl = useIntl();
  const selectId = useId();
  const institutions = useInstitutions();
  const [chosen, setChosen] = useState<number | null>(null);
  const replace = useReplaceConfigs();
  const institution = chosen ?? sessionStore.account?.Institution ?? 0;

  return (
    <div className="page report-settings">
      <PageHeader
        title={<FormattedMessage id="report_settings.title" />}
        description={<FormattedMessage id="report_settings.description" />}
      />

      <section className="report-settings-section" aria-labelledby={`${selectId}-logos`}>
        <h2 id={`${selectId}-logos`} className="section-title">
          <FormattedMessage id="report_settings.logos" />
        </h2>
        <p className="muted">
          <FormattedMessage id="report_settings.logos_description" />
        </p>
        <div className="field report-settings-institution">
          <label htmlFor={selectId} className="field-label">
            <FormattedMessage id="report_settings.institution" />
          </label>
          <select
            id={selectId}
            className="input select"
            value={institution}
            disabled={!institutions.data}
            onChange={(event) => setChosen(Number(event.target.value))}
          >
            {(institutions.data ?? []).map((item) => (
              <option key={item.No} value={item.No}>
                {item.Name}
              </option>
            ))}
            {!institutions.data && <option value={institution}>{intl.formatMessage({ id: 'common.loading' })}</option>}
          </select>
        </div>
        <div className="card-grid">
          {LOGO_NAMES.map((name) => (
            <LogoCard key={`${institution}-${name}`} institution={institution} name={name} />
          ))}
        </div>
      </section>

      <section className="report-settings-section card" aria-labelledby={`${selectId}-layout`}>
        <h2 id={`${selectId}-layout`} className="card-title">
          <FormattedMessage id="report_settings.layout.title" />
        </h2>
        <p className="muted">
          <FormattedMessage id="report_settings.layout.description" />
        </p>
        <ReportLayoutEditor
          key={JSON.stringify(sessionStore.configs?.report?.layout ?? null)}
          layout={sessionStore.configs?.report?.layout}
          saving={replace.isPending}
          onSave={(layout) => replace.mutate({ key: 'report.layout', value: layout })}
          actions={
            replace.isSuccess && (
              <span className="saved-mark" role="status">
                <FormattedMessage id="common.saved" />
              </span>
            )
          }
        />
      </section>
    </div>
  );
});
