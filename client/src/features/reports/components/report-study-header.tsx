/** The report's study header: patient, ID, date, modality, description, accession and the report status. */
import { FormattedMessage, useIntl } from 'react-intl';
import { sessionStore } from '../../../state/index.ts';
import { DEFAULT_DATE_FORMAT, formatDicomDate, formatPersonName } from '../../../lib/dicom-format.ts';
import type { ReportStudy } from '../types.ts';
import { StatusBadge } from './status-badge.tsx';

export function ReportStudyHeader({ study }: { study: ReportStudy | undefined }) {
  const intl = useIntl();
  const dateFormat = sessionStore.configs?.date_format || DEFAULT_DATE_FORMAT;
  const facts: { id: string; label: string; value: string }[] = study
    ? [
        { id: 'patient_id', label: intl.formatMessage({ id: 'reports.header.patient_id' }), value: study.PatientID },
        {
          id: 'study_date',
          label: intl.formatMessage({ id: 'reports.header.study_date' }),
          value: formatDicomDate(study.StudyDate, dateFormat),
        },
        { id: 'modality', label: intl.formatMessage({ id: 'reports.header.modality' }), value: (study.ModalitiesInStudy ?? []).join(', ') },
        { id: 'description', label: intl.formatMessage({ id: 'reports.header.description' }), value: study.StudyDescription },
        { id: 'accession', label: intl.formatMessage({ id: 'reports.header.accession' }), value: study.AccessionNumber },
      ]
    : [];
  return (
    <header className="report-study" aria-label={intl.formatMessage({ id: 'reports.header.label' })}>
      <div className="report-study-name">
        <h1 className="report-patient">{study ? formatPersonName(study.PatientName, sessionStore.nameForm) || study.PatientID : ''}</h1>
        {study && <StatusBadge status={study.ReportStatus} />}
      </div>
      {study && (
        <dl className="report-study-facts">
          {facts.map((fact) => (
            <div key={fact.id} className="report-fact">
              <dt>{fact.label}</dt>
              <dd>{fact.value || <FormattedMessage id="reports.header.none" />}</dd>
            </div>
          ))}
        </dl>
      )}
    </header>
  );
}
