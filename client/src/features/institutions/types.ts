/** Shapes of the institution calls (`/institutions/...`). */
import type { Targets } from '../roles/index.ts';

/** One row of `GET /institutions/all`. */
export interface Institution {
  No: number;
  Name: string;
  Address: string;
  Email: string;
  Phone: string;
  Fax: string;
  Website: string;
  Targets: Targets;
}

/** What the institution dialog sends. */
export type InstitutionInput = Omit<Institution, 'No'>;
