/** The institutions feature's public entry: what other features may use. */
export { getInstitutionsQueryOptions, useInstitutions } from './api/get-institutions.ts';
export { LOGO_NAMES, logoUrl, useDeleteLogo, useLogo, useUploadLogo } from './api/institution-logos.ts';
export type { LogoRef } from './api/institution-logos.ts';
export { InstitutionsSection } from './components/institutions-section.tsx';
export type { Institution } from './types.ts';
