/** The "duplicated accession number" dialog (spec 2 §5): several studies share the number; the user picks one. */
import { FormattedMessage, useIntl } from 'react-intl';
import { Dialog } from '../../../components/dialog.tsx';
import { sessionStore } from '../../../state/index.ts';
import { DEFAULT_DATE_FORMAT, formatDicomDate, formatPersonName } from '../../../lib/dicom-format.ts';
import type { ReportStudy } from '../types.ts';

export interface DuplicatedAccessionDialogProps {
  accessionNumber: string;
  studies: readonly ReportStudy[];
  onChoose: (study: ReportStudy) => void;
  onClose: () => void;
}

export function DuplicatedAccessionDialog({ accessionNumber, studies, onChoose, onClose }: DuplicatedAccessionDialogProps) {
  const intl = useIntl();
  const dateFormat = sessionStore.configs?.date_format || DEFAULT_DATE_FORMAT;
  return (
    <Dialog title={<FormattedMessage id="reports.duplicated.title" />} onClose={onClose} size="large">
      <p>{intl.formatMessage({ id: 'reports.duplicated.text' }, { number: accessionNumber, count: studies.length })}</p>
      <table className="table report-duplicates">
        <thead>
          <tr>
            <th scope="col">{intl.formatMessage({ id: 'reports.header.patient_id' })}</th>
            <th scope="col">{intl.formatMessage({ id: 'reports.header.patient_name' })}</th>
            <th scope="col">{intl.formatMessage({ id: 'reports.header.study_date' })}</th>
            <th scope="col">{intl.formatMessage({ id: 'reports.header.modality' })}</th>
            <th scope="col">{intl.formatMessage({ id: 'reports.header.description' })}</th>
            <th scope="col">
              <span className="visually-hidden">{intl.formatMessage({ id: 'reports.duplicated.choose' })}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {studies.map((study) => (
            <tr key={study.StudyInstanceUID}>
              <td>{study.PatientID}</td>
              <td>{formatPersonName(study.PatientName, sessionStore.nameForm)}</td>
              <td>{formatDicomDate(study.StudyDate, dateFormat)}</td>
              <td>{(study.ModalitiesInStudy ?? []).join(', ')}</td>
              <td>{study.StudyDescription}</td>
              <td>
                <button type="button" className="button button-small" onClick={() => onChoose(study)}>
                  <FormattedMessage id="reports.duplicated.choose" />
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Dialog>
  );
}
