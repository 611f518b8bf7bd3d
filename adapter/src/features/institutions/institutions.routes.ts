/**
 * Institutions (spec 1 §3, §7).
 * - GET /institutions/all             → [{No, Name, Address, Email, Phone, Fax, Website, Targets}]
 * - POST /institutions/create         form Name (required, unique), Address, Email, Phone, Fax,
 *                                     Website, Targets (JSON {All, AETitle[], InstitutionName[], Modality[]})
 * - PATCH /institutions/update        form No + the same fields
 * - DELETE /institutions/delete?no=   409 for institution 0 and for one that still has roles
 */
import type { Request } from 'express';
import { isEmail } from '@pacs/common';
import type { AnyRouteSpec } from '../../http/routes.ts';
import { invalid, optionalInt, optionalString, requiredInt } from '../../http/input.ts';
import { ADMIN_OR_SHARE, targetsField } from '../roles/share-targets.ts';
import type { InstitutionFields, InstitutionRow } from './institutions.sql.ts';
import { createInstitution, deleteInstitution, listInstitutions, requireInstitution, updateInstitution } from './institutions.service.ts';

/** The fields of a create or update; an update keeps what the request leaves out. */
function readFields(req: Request, current?: InstitutionRow): InstitutionFields {
  const name = (optionalString(req, 'Name', 'body', 200) ?? current?.name ?? '').trim();
  if (name === '') throw invalid('Name', 'The field is required');
  const email = optionalString(req, 'Email', 'body', 256) ?? current?.email ?? '';
  if (email !== '' && !isEmail(email)) throw invalid('Email', 'The field must be a valid email address');
  const targets = targetsField(req, current?.targets);
  return {
    name,
    address: optionalString(req, 'Address', 'body', 500) ?? current?.address ?? '',
    email,
    phone: optionalString(req, 'Phone', 'body', 50) ?? current?.phone ?? '',
    fax: optionalString(req, 'Fax', 'body', 50) ?? current?.fax ?? '',
    website: optionalString(req, 'Website', 'body', 500) ?? current?.website ?? '',
    targets,
  };
}

export const institutionsRoutes: AnyRouteSpec[] = [
  {
    method: 'get',
    path: '/institutions/all',
    access: ADMIN_OR_SHARE,
    summary: 'Institutions',
    handler: (_req, _res, { deps }) => listInstitutions(deps.db),
  },
  {
    method: 'post',
    path: '/institutions/create',
    access: 'admin',
    summary: 'Create an institution',
    handler: async (req, _res, { deps, auth }) => {
      const fields = readFields(req);
      const institution = await createInstitution(deps.db, fields);
      deps.audit.record(req, auth, { action: 'institution_change', details: { Change: 'create', Institution: institution.No, ...fields } });
      return institution;
    },
  },
  {
    method: 'patch',
    path: '/institutions/update',
    access: 'admin',
    summary: 'Change an institution',
    handler: async (req, _res, { deps, auth }) => {
      const no = optionalInt(req, 'No', 0, 1_000_000_000);
      if (no === undefined) throw invalid('No', 'The field is required');
      const current = await requireInstitution(deps.db, no);
      const fields = readFields(req, current);
      const institution = await updateInstitution(deps.db, no, fields);
      deps.audit.record(req, auth, { action: 'institution_change', details: { Change: 'update', Institution: no, ...fields } });
      return institution;
    },
  },
  {
    method: 'delete',
    path: '/institutions/delete',
    access: 'admin',
    summary: 'Delete an institution',
    handler: async (req, _res, { deps, auth }) => {
      // The key column is a PostgreSQL integer: read it within its range, not let the database refuse it.
      const no = requiredInt(req, 'no', -2_147_483_648, 2_147_483_647, 'query');
      await deleteInstitution(deps.db, no);
      deps.audit.record(req, auth, { action: 'institution_change', details: { Change: 'delete', Institution: no } });
      return {};
    },
  },
];
