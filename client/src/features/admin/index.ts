/** The admin feature's public entry (to be split into accounts, roles, institutions, security, reports). */
export { usePasswordConfig } from './api/get-password-config.ts';
export { getInstitutionsQueryOptions } from './accounts/api/get-institutions.ts';
export { getRolesQueryOptions } from './accounts/api/get-roles.ts';
export { ReportLayoutEditor } from './report/components/report-layout-editor.tsx';
