/** Shapes of the `/patients` calls: the wire types of @pacs/common. */
export type { MatchType, Patient, PatientImportResult, PatientInput, PatientList, PatientSearchKey } from '@pacs/common';
