/** The viewer's study header: patient name and ID, study date and description (and, on a phone, the study information's button). */
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { formatDicomDate, formatPersonName } from '../../../lib/dicom-format.ts';
import { sessionStore } from '../../../state/index.ts';
import type { ViewerStudy } from '../types.ts';

export function StudyHeader({ study, children }: { study: ViewerStudy | undefined; children?: ReactNode }) {
  const intl = useIntl();
  return (
    <header className="viewer-header" aria-label={intl.formatMessage({ id: 'viewer.study_header' })}>
      <h1 className="viewer-patient">{study ? formatPersonName(study.PatientName, sessionStore.nameForm) || study.PatientID : ''}</h1>
      {study && (
        <dl className="viewer-study-facts">
          <dt>{intl.formatMessage({ id: 'viewer.patient_id' })}</dt>
          <dd>{study.PatientID}</dd>
          <dt>{intl.formatMessage({ id: 'viewer.study_date' })}</dt>
          <dd>{formatDicomDate(study.StudyDate, sessionStore.displayFormat.dateFormat)}</dd>
          <dt>{intl.formatMessage({ id: 'viewer.study_description' })}</dt>
          <dd>{study.StudyDescription}</dd>
        </dl>
      )}
      {children}
    </header>
  );
}
