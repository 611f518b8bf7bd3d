/** What other features and the shell use of the licence. */
export { useServiceInfo, getServiceInfoQueryOptions, serviceInfoQueryKey } from './api/get-service-info.ts';
export { LicenceAlert } from './components/licence-alert.tsx';
export { ReminderDialog } from './components/reminder-dialog.tsx';
export { ContactDialog } from './components/contact-dialog.tsx';
export { LICENCE_TYPE_MESSAGES, licenceSummary } from './summary.ts';
