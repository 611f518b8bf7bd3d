/**
 * The anonymization items' names in the user's language (spec 2 §9): the export dialog names what
 * an anonymized export empties, admin/general/option lists the items to switch. A label an
 * administrator wrote is shown as written.
 */
import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import { ANONYMIZATION_KEYS, type AnonymizationItem } from '@pacs/common';

const ITEMS = defineMessages({
  PatientID: { id: 'studies.export_dialog.item.patient_id' },
  PatientName: { id: 'studies.export_dialog.item.patient_name' },
  PatientBirthDate: { id: 'studies.export_dialog.item.patient_birth_date' },
  PatientAge: { id: 'studies.export_dialog.item.patient_age' },
  PatientSex: { id: 'studies.export_dialog.item.patient_sex' },
  AccessionNumber: { id: 'studies.export_dialog.item.accession_number' },
  StudyID: { id: 'studies.export_dialog.item.study_id' },
  StudyDescription: { id: 'studies.export_dialog.item.study_description' },
  Overlay: { id: 'studies.export_dialog.item.overlay' },
} satisfies Record<(typeof ANONYMIZATION_KEYS)[number][0], MessageDescriptor>);

const DEFAULT_LABELS = new Map<string, string>(ANONYMIZATION_KEYS.map(([key, label]) => [key, label]));

export function anonymizationItemName(intl: IntlShape, item: AnonymizationItem): string {
  const message = ITEMS[item.key as keyof typeof ITEMS] as MessageDescriptor | undefined;
  return message && DEFAULT_LABELS.get(item.key) === item.label ? intl.formatMessage(message) : item.label;
}
