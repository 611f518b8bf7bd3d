/** Institutions as `/institutions/*` answer them (spec 1 §3, §7). */
import type { Targets } from './targets.ts';

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
