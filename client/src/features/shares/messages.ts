/** Catalogue ids of the share screens and dialogs, and the labels of share fields, pages and types. */
import { defineMessages, type IntlShape } from 'react-intl';
import { defaultConfigs, type ColumnSetting, type ShareType } from '@pacs/common';
import type { SharePage } from './share-links.ts';

export const SHARE_MESSAGES = defineMessages({
  access_key: { id: 'shares.access_key' },
  account: { id: 'shares.account' },
  columns_description: { id: 'shares.columns_description' },
  columns_title: { id: 'shares.columns_title' },
  command: { id: 'shares.command' },
  complete_patient: { id: 'shares.complete_patient' },
  complete_study: { id: 'shares.complete_study' },
  complete_title: { id: 'shares.complete_title' },
  copied: { id: 'shares.copied' },
  copy: { id: 'shares.copy' },
  count: { id: 'shares.count' },
  create_patient_title: { id: 'shares.create_patient_title' },
  create_study_title: { id: 'shares.create_study_title' },
  days: { id: 'shares.days' },
  days_column: { id: 'shares.days_column' },
  days_invalid: { id: 'shares.days_invalid' },
  default_days: { id: 'shares.default_days' },
  edit: { id: 'shares.edit' },
  edit_title: { id: 'shares.edit_title' },
  empty: { id: 'shares.empty' },
  expires_at: { id: 'shares.expires_at' },
  expiry_past: { id: 'shares.expiry_past' },
  expiry_too_far: { id: 'shares.expiry_too_far' },
  expiry_section: { id: 'shares.expiry_section' },
  expiry_shortcuts: { id: 'shares.expiry_shortcuts' },
  expiry_shortcuts_hint: { id: 'shares.expiry_shortcuts_hint' },
  guest_hint: { id: 'shares.guest_hint' },
  info_title: { id: 'shares.info_title' },
  institution: { id: 'shares.institution' },
  invalid: { id: 'shares.invalid' },
  invalid_email: { id: 'shares.invalid_email' },
  label: { id: 'shares.label' },
  link: { id: 'shares.link' },
  link_page: { id: 'shares.link_page' },
  list_title: { id: 'shares.list_title' },
  loading: { id: 'shares.loading' },
  mail: { id: 'shares.mail' },
  mail_body: { id: 'shares.mail_body' },
  mail_fields: { id: 'shares.mail_fields' },
  mail_links: { id: 'shares.mail_links' },
  mail_subject: { id: 'shares.mail_subject' },
  mail_title: { id: 'shares.mail_title' },
  mail_to: { id: 'shares.mail_to' },
  modality: { id: 'shares.modality' },
  modality_hint: { id: 'shares.modality_hint' },
  native_share: { id: 'shares.native_share' },
  patient_shares: { id: 'shares.patient_shares' },
  people: { id: 'shares.people' },
  people_hint: { id: 'shares.people_hint' },
  qr: { id: 'shares.qr' },
  qr_image: { id: 'shares.qr_image' },
  qr_title: { id: 'shares.qr_title' },
  required: { id: 'shares.required' },
  revert: { id: 'shares.revert' },
  role: { id: 'shares.role' },
  settings_description: { id: 'shares.settings_description' },
  settings_invalid: { id: 'shares.settings_invalid' },
  settings_title: { id: 'shares.settings_title' },
  share_patient: { id: 'shares.share_patient' },
  share_study: { id: 'shares.share_study' },
  share_with: { id: 'shares.share_with' },
  share_with_shortcuts: { id: 'shares.share_with_shortcuts' },
  share_with_shortcuts_hint: { id: 'shares.share_with_shortcuts_hint' },
  shortcuts: { id: 'shares.shortcuts' },
  show_shares: { id: 'shares.show_shares' },
  stop: { id: 'shares.stop' },
  stop_question: { id: 'shares.stop_question' },
  stop_title: { id: 'shares.stop_title' },
  study_shares: { id: 'shares.study_shares' },
  subject_shortcuts: { id: 'shares.subject_shortcuts' },
  subject_shortcuts_hint: { id: 'shares.subject_shortcuts_hint' },
  subjects: { id: 'shares.subjects' },
  tab_patient: { id: 'shares.tab_patient' },
  tab_study: { id: 'shares.tab_study' },
  target_accounts: { id: 'shares.target_accounts' },
  type: { id: 'shares.type' },
  type_guest: { id: 'shares.type_guest' },
  web_mail: { id: 'shares.web_mail' },
});

/** Labels of the share fields and command cells, by their key. */
const FIELD_LABELS = defineMessages({
  PatientID: { id: 'shares.fields.patient_id' },
  PatientName: { id: 'shares.fields.patient_name' },
  PatientBirthDate: { id: 'shares.fields.patient_birth_date' },
  PatientAge: { id: 'shares.fields.patient_age' },
  PatientSex: { id: 'shares.fields.patient_sex' },
  StudyDateTime: { id: 'shares.fields.study_date_time' },
  StudyDate: { id: 'shares.fields.study_date' },
  StudyTime: { id: 'shares.fields.study_time' },
  ModalitiesInStudy: { id: 'shares.fields.modalities_in_study' },
  BodyPartsInStudy: { id: 'shares.fields.body_parts_in_study' },
  StudyDescription: { id: 'shares.fields.study_description' },
  StudyInstanceUID: { id: 'shares.fields.study_instance_uid' },
  NumberOfStudyRelatedSeries: { id: 'shares.fields.number_of_study_related_series' },
  NumberOfStudyRelatedInstances: { id: 'shares.fields.number_of_study_related_instances' },
  SharedBy: { id: 'shares.fields.shared_by' },
  SharedWith: { id: 'shares.fields.shared_with' },
  ExpiresAt: { id: 'shares.fields.expires_at' },
  CreatedAt: { id: 'shares.fields.created_at' },
  UpdatedAt: { id: 'shares.fields.updated_at' },
  Modality: { id: 'shares.fields.modality' },
  info: { id: 'shares.fields.info' },
  edit: { id: 'shares.fields.edit' },
  delete: { id: 'shares.fields.delete' },
});

export const SHARE_PAGE_LABELS = defineMessages({
  list: { id: 'shares.pages.list' },
  viewer: { id: 'shares.pages.viewer' },
  report: { id: 'shares.pages.report' },
}) satisfies Record<SharePage, unknown>;

export const SHARE_TYPE_LABELS = defineMessages({
  guest: { id: 'shares.types.guest' },
  institution: { id: 'shares.types.institution' },
  role: { id: 'shares.types.role' },
  account: { id: 'shares.types.account' },
}) satisfies Record<ShareType, unknown>;

type Translate = Pick<IntlShape, 'formatMessage'>;

export function shareFieldLabel(intl: Translate, key: string): string {
  const descriptor = FIELD_LABELS[key as keyof typeof FIELD_LABELS];
  return descriptor ? intl.formatMessage(descriptor) : key;
}

let defaultLabels: Map<string, string> | null = null;

/**
 * A column's header: the translated name while the configs hold the default English label, the
 * administrator's own label once they changed it.
 */
export function shareColumnLabel(intl: Translate, column: Pick<ColumnSetting, 'key' | 'label'>): string {
  defaultLabels ??= new Map(
    [...defaultConfigs().share.fields.study, ...defaultConfigs().share.fields.patient].map((item) => [item.key, item.label]),
  );
  if (column.label && column.label !== defaultLabels.get(column.key)) return column.label;
  return shareFieldLabel(intl, column.key);
}
