/**
 * admin/client/patient (on premises): the patient records the worklist picks from. Quick search
 * with a match type, a paged table, add, edit and delete (spec 2 §2 patient dialogs). The patient
 * import runs on load while it has not (patient-import.ts); a failed search empties the list
 * (spec 2 §4), and the error goes to the app's error dialog.
 */
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { PATIENT_PAGE_MAX } from '@pacs/common';
import { DeleteDialog } from '../../../components/delete-dialog.tsx';
import { FormAlert } from '../../../components/form-fields.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { DataTable, RowActions, type Heading } from '../../../components/section-parts.tsx';
import { useDialogState } from '../../../components/use-dialog-state.ts';
import { DEFAULT_DATE_FORMAT, formatDicomDate, formatPersonName } from '../../../lib/dicom-format.ts';
import { formatInstant } from '../../../lib/format.ts';
import { sessionStore } from '../../../state/index.ts';
import { useDeletePatient } from '../api/delete-patient.ts';
import { useSearchPatients } from '../api/search-patients.ts';
import { SEX_LABELS } from '../messages.ts';
import { usePatientImport } from '../patient-import.ts';
import type { Patient } from '../types.ts';
import { PatientDialog } from './patient-dialog.tsx';
import { PatientSearchForm, QUICK_KEYS, type PatientQuickKey, type PatientQuickSearch } from './patient-search-form.tsx';
import '../patients.css';

const HEADINGS: readonly Heading[] = [
  { id: 'patients.fields.id' },
  { id: 'patients.fields.name' },
  { id: 'patients.fields.sex', className: 'patients-narrow' },
  { id: 'patients.fields.birth_date', className: 'patients-narrow' },
  { id: 'patients.fields.comments' },
  { id: 'patients.fields.updated_at', className: 'patients-narrow' },
];

/** The configured worklist quick search (spec 2 §9: PatientID, partial) where it names a patient field. */
function initialSearch(): PatientQuickSearch {
  const quick = sessionStore.configs?.mwm.quick_search;
  const key = QUICK_KEYS.includes(quick?.key as PatientQuickKey) ? (quick!.key as PatientQuickKey) : 'PatientID';
  return { key, type: quick?.type ?? 'partial', text: '' };
}

export const PatientScreen = observer(function PatientScreen() {
  const intl = useIntl();
  const importing = usePatientImport();
  const configs = sessionStore.configs;
  const pageSize = Math.min(Math.max(configs?.mwm.limit ?? 100, 1), PATIENT_PAGE_MAX);
  const dateFormat = configs?.date_format || DEFAULT_DATE_FORMAT;
  const [search, setSearch] = useState(initialSearch);
  const [offset, setOffset] = useState(0);
  const { dialog, open, close } = useDialogState<Patient>();
  const remove = useDeletePatient();
  const query = useSearchPatients({ ...search, limit: pageSize, offset }, !importing);
  // A failed search empties the list (spec 2 §4); the error itself went to the error dialog.
  const page = query.isError ? undefined : query.data;
  const rows = importing ? undefined : query.isError ? [] : page?.Items;
  const count = page?.Count ?? 0;

  return (
    <div className="page patients-page">
      <PageHeader title={<FormattedMessage id="patients.title" />} description={<FormattedMessage id="patients.description" />} />
      <div className="card patients-card">
        <div className="patients-toolbar">
          <PatientSearchForm
            initial={search}
            onSearch={(next) => {
              // The same search again asks again: after a failure, that is how the list comes back.
              if (offset === 0 && JSON.stringify(next) === JSON.stringify(search)) void query.refetch();
              setSearch(next);
              setOffset(0);
            }}
          />
          <button type="button" className="button button-primary" onClick={() => open({ name: 'add' })} disabled={importing}>
            <FormattedMessage id="patients.add" />
          </button>
        </div>
        {importing && (
          <FormAlert tone="success">
            <FormattedMessage id="patients.generating" />
          </FormAlert>
        )}
        <div className="patients-results" aria-busy={importing || query.isFetching}>
          <DataTable headings={HEADINGS} rows={rows} className="patients-table" actionsColumn>
            {rows?.map((patient) => (
              <tr key={patient.No}>
                <th scope="row" className="mono patients-id">
                  {patient.PatientID}
                </th>
                <td>{formatPersonName(patient.PatientName, sessionStore.nameForm)}</td>
                <td className="patients-narrow">
                  {patient.PatientSex
                    ? intl.formatMessage(SEX_LABELS[patient.PatientSex as keyof typeof SEX_LABELS] ?? SEX_LABELS[''])
                    : ''}
                </td>
                <td className="patients-narrow">{formatDicomDate(patient.PatientBirthDate, dateFormat)}</td>
                <td className="patients-comments">{patient.PatientComments}</td>
                <td className="patients-narrow">{formatInstant(patient.UpdatedAt, dateFormat, configs?.time_zone || undefined)}</td>
                <td className="access-actions">
                  <div className="patients-actions">
                    <RowActions
                      name={patient.PatientID}
                      onEdit={() => open({ name: 'edit', item: patient })}
                      onDelete={() => open({ name: 'delete', item: patient })}
                    />
                  </div>
                </td>
              </tr>
            ))}
          </DataTable>
        </div>
        <div className="patients-pager">
          <span className="muted" role="status">
            {count > 0 && (
              <FormattedMessage id="patients.range" values={{ from: offset + 1, to: Math.min(offset + pageSize, count), count }} />
            )}
          </span>
          <button
            type="button"
            className="button button-small"
            disabled={offset === 0}
            onClick={() => setOffset(Math.max(0, offset - pageSize))}
          >
            <FormattedMessage id="patients.previous" />
          </button>
          <button
            type="button"
            className="button button-small"
            disabled={offset + pageSize >= count}
            onClick={() => setOffset(offset + pageSize)}
          >
            <FormattedMessage id="patients.next" />
          </button>
        </div>
      </div>
      {(dialog?.name === 'add' || dialog?.name === 'edit') && (
        <PatientDialog
          {...(dialog.name === 'edit' ? { patient: dialog.item } : {})}
          knownIds={rows?.map((patient) => patient.PatientID) ?? []}
          onClose={close}
        />
      )}
      {dialog?.name === 'delete' && (
        <DeleteDialog
          title={<FormattedMessage id="patients.delete_title" />}
          subject={`${dialog.item.PatientID} — ${formatPersonName(dialog.item.PatientName, sessionStore.nameForm)}`}
          onDelete={() => remove.mutateAsync(dialog.item.No)}
          onClose={close}
        />
      )}
    </div>
  );
});
