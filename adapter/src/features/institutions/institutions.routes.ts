/**
 * Institutions (spec 1 §3, §7).
 * - GET /institutions/all             → [{No, Name, Address, Email, Phone, Fax, Website, Targets}]
 * - POST /institutions/create         form Name (required, unique), Address, Email, Phone, Fax,
 *                                     Website, Targets (JSON {All, AETitle[], InstitutionName[], Modality[]})
 * - PATCH /institutions/update        form No + the same fields
 * - DELETE /institutions/delete?no=   409 for institution 0 and for one that still has roles
 */
import type { Request } from 'express';
import { isEmail, type PermissionKey } from '@pacs/common';
import type { AnyRouteSpec } from '../../http/routes.ts';
import { AppError } from '../../http/errors.ts';
import { invalid, jsonField, optionalInt, optionalString, requiredInt } from '../../http/input.ts';
import { parseTargets } from '../../access/auth.ts';
import type { Db } from '../../db/pool.ts';

interface InstitutionRow {
  no: number;
  name: string;
  address: string;
  email: string;
  phone: string;
  fax: string;
  website: string;
  targets: unknown;
}

const toInstitution = (row: InstitutionRow) => ({
  No: row.no,
  Name: row.name,
  Address: row.address,
  Email: row.email,
  Phone: row.phone,
  Fax: row.fax,
  Website: row.website,
  Targets: parseTargets(row.targets),
});

function readFields(req: Request, current?: InstitutionRow) {
  const name = (optionalString(req, 'Name', 'body', 200) ?? current?.name ?? '').trim();
  if (name === '') throw invalid('Name', 'The field is required');
  const email = optionalString(req, 'Email', 'body', 256) ?? current?.email ?? '';
  if (email !== '' && !isEmail(email)) throw invalid('Email', 'The field must be a valid email address');
  const targets =
    optionalString(req, 'Targets') !== undefined
      ? parseTargets(jsonField(req, 'Targets'))
      : parseTargets(current?.targets ?? { All: true });
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

async function assertNameFree(db: Db, name: string, except?: number): Promise<void> {
  const { rows } = await db.query('select 1 from institutions where lower(name) = lower($1) and no is distinct from $2', [
    name,
    except ?? null,
  ]);
  if (rows.length > 0) throw new AppError('already_exists', { Name: 'An item with the entered value already exists' });
}

/** Administrators manage these; sharers pick from them. */
const ADMIN_OR_SHARE: readonly PermissionKey[] = ['admin', 'share'];

export const institutionsRoutes: AnyRouteSpec[] = [
  {
    method: 'get',
    path: '/institutions/all',
    access: ADMIN_OR_SHARE,
    summary: 'Institutions',
    handler: async (_req, _res, { deps }) => {
      const { rows } = await deps.db.query<InstitutionRow>('select * from institutions order by no');
      return rows.map(toInstitution);
    },
  },
  {
    method: 'post',
    path: '/institutions/create',
    access: 'admin',
    summary: 'Create an institution',
    handler: async (req, _res, { deps }) => {
      const fields = readFields(req);
      await assertNameFree(deps.db, fields.name);
      const { rows } = await deps.db.query<InstitutionRow>(
        `insert into institutions (no, name, address, email, phone, fax, website, targets)
         values ((select coalesce(max(no), 0) + 1 from institutions), $1, $2, $3, $4, $5, $6, $7) returning *`,
        [fields.name, fields.address, fields.email, fields.phone, fields.fax, fields.website, JSON.stringify(fields.targets)],
      );
      return toInstitution(rows[0]!);
    },
  },
  {
    method: 'patch',
    path: '/institutions/update',
    access: 'admin',
    summary: 'Change an institution',
    handler: async (req, _res, { deps }) => {
      const no = optionalInt(req, 'No', 0, 1_000_000_000);
      if (no === undefined) throw invalid('No', 'The field is required');
      const { rows: found } = await deps.db.query<InstitutionRow>('select * from institutions where no = $1', [no]);
      if (!found[0]) throw new AppError('not_found');
      const fields = readFields(req, found[0]);
      await assertNameFree(deps.db, fields.name, no);
      const { rows } = await deps.db.query<InstitutionRow>(
        `update institutions set name = $2, address = $3, email = $4, phone = $5, fax = $6, website = $7, targets = $8, updated_at = now()
          where no = $1 returning *`,
        [no, fields.name, fields.address, fields.email, fields.phone, fields.fax, fields.website, JSON.stringify(fields.targets)],
      );
      return toInstitution(rows[0]!);
    },
  },
  {
    method: 'delete',
    path: '/institutions/delete',
    access: 'admin',
    summary: 'Delete an institution',
    handler: async (req, _res, { deps }) => {
      // The key column is a PostgreSQL integer: read it within its range, not let the database refuse it.
      const no = requiredInt(req, 'no', -2_147_483_648, 2_147_483_647, 'query');
      if (no === 0) throw new AppError('conflict', undefined, 'Institution 0 is the installation itself and cannot be deleted.');
      const { rows } = await deps.db.query('select 1 from roles where institution = $1 limit 1', [no]);
      if (rows.length > 0) throw new AppError('conflict', undefined, 'The institution still has roles; delete or move them first.');
      const { rowCount } = await deps.db.query('delete from institutions where no = $1', [no]);
      if (rowCount === 0) throw new AppError('not_found');
      return {};
    },
  },
];
