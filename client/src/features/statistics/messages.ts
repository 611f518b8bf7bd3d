/** Messages statistics and the dashboard format outside JSX (chart labels, table headings). */
import { defineMessages } from 'react-intl';

export const STATISTICS_MESSAGES = defineMessages({
  dashboard_ae_title: { id: 'dashboard.ae_title' },
  dashboard_files: { id: 'dashboard.files' },
  dashboard_server_disk_value: { id: 'dashboard.server.disk_value' },
  dashboard_server_held_value: { id: 'dashboard.server.held_value' },
  dashboard_server_index_lag_value: { id: 'dashboard.server.index_lag_value' },
  dashboard_server_versions_value: { id: 'dashboard.server.versions_value' },
  dashboard_size: { id: 'dashboard.size' },
  dashboard_studies: { id: 'dashboard.studies' },
  dashboard_today_by_ae_title: { id: 'dashboard.today_by_ae_title' },
  dashboard_today_by_modality: { id: 'dashboard.today_by_modality' },
  dashboard_today_associations: { id: 'dashboard.today_associations' },
  dashboard_dicom_title: { id: 'dashboard.dicom.title' },
  associations_title: { id: 'statistics.associations.title' },
  associations_accepted: { id: 'statistics.associations.accepted' },
  associations_rejected: { id: 'statistics.associations.rejected' },
  ip_address: { id: 'network.ip_address' },
  cap: { id: 'statistics.cap' },
  capacity_held: { id: 'statistics.capacity.held' },
  capacity_title: { id: 'statistics.capacity.title' },
  connections_accounts: { id: 'statistics.connections.accounts' },
  connections_peak: { id: 'statistics.connections.peak' },
  connections_title: { id: 'statistics.connections.title' },
  count: { id: 'statistics.count' },
  date: { id: 'statistics.date' },
  flows_added: { id: 'statistics.flows.added' },
  flows_deleted: { id: 'statistics.flows.deleted' },
  flows_title: { id: 'statistics.flows.title' },
  modality: { id: 'statistics.modality' },
  shares_patient: { id: 'statistics.shares.patient' },
  shares_study: { id: 'statistics.shares.study' },
  shares_title: { id: 'statistics.shares.title' },
  studies_by_modality: { id: 'statistics.studies.by_modality' },
  studies_title: { id: 'statistics.studies.title' },
});

/** The scope selector's labels. */
export const SCOPE_MESSAGES = defineMessages({
  day: { id: 'statistics.scope.day' },
  month: { id: 'statistics.scope.month' },
  year: { id: 'statistics.scope.year' },
});
