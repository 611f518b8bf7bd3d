/** Shapes of the institution calls (`/institutions/...`): the wire types of @pacs/common. */
export type { Institution, InstitutionInput } from '@pacs/common';
