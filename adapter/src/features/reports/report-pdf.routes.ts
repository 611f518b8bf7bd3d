/**
 * Report PDF and institution logos (issue "Reports").
 * - GET /documents/pdf?id=                          the document as a PDF (report_pdf)
 * - POST /institutions/uploadimagefile              multipart institution, name (report_header |
 *                                                   report_footer), file (PNG or JPEG) (admin)
 * - GET /institutions/downloadimagefile?institution=&name=&date=   the logo (own institution; admins any)
 * - DELETE /institutions/deleteimagefile?institution=&name=        (admin)
 */
import { detectFileKind, getAtPath, isAdmin, isJsonObject } from '@pacs/common';
import type { AnyRouteSpec } from '../../http/routes.ts';
import { AppError } from '../../http/errors.ts';
import { invalid, optionalInt, requiredString } from '../../http/input.ts';
import { imageSize } from '../../http/image-size.ts';
import { readSmallUpload } from '../../http/multipart.ts';
import { requireVisibleStudy } from '../../access/visibility.ts';
import type { Deps } from '../../deps.ts';
import { readConfigs } from '../configs/configs.service.ts';
import { loadSettings } from '../settings/settings.service.ts';
import { requireStudy } from '../studies/studies.service.ts';
import { renderReportPdf, type PdfBlockSettings, type ReportPdfInput } from './pdf/report-pdf.ts';
import { missingFonts } from './pdf/text.ts';
import { selectInstitution } from '../institutions/institutions.sql.ts';
import * as sql from './reports.sql.ts';
import { CONTENT_FIELDS } from './reports.sql.ts';

const IMAGE_NAMES = ['report_header', 'report_footer'];
const MAX_LOGO_BYTES = 4 * 1024 * 1024;
/** Largest logo in pixels, read from its header: the PDF renderer decodes it whole. */
const MAX_LOGO_PIXELS = 4096 * 4096;

async function logo(deps: Deps, institution: number, name: string): Promise<Buffer | undefined> {
  return (await sql.selectInstitutionImageFile(deps.db, institution, name))?.data;
}

async function keyImage(deps: Deps, sop: string, frame: number): Promise<Buffer | undefined> {
  const orthancId = await sql.instanceOrthancId(deps.db, sop);
  if (!orthancId) return undefined;
  const response = await deps.orthanc.request(`/instances/${orthancId}/frames/${frame - 1}/rendered`, {
    headers: { accept: 'image/jpeg' },
  });
  const body = Buffer.from(await response.arrayBuffer());
  return response.ok ? body : undefined;
}

export const reportPdfRoutes: AnyRouteSpec[] = [
  {
    method: 'get',
    path: '/documents/pdf',
    access: 'report_pdf',
    summary: 'A report document as a PDF',
    handler: async (req, res, { deps, auth }) => {
      const id = optionalInt(req, 'id', 1, Number.MAX_SAFE_INTEGER, 'query');
      if (id === undefined) throw invalid('id', 'The field is required');
      const row = await sql.selectDocumentWithStudy(deps.db, id);
      if (!row) throw new AppError('not_found');
      await requireVisibleStudy(deps.db, auth, row.study_instance_uid as string);
      const missing = missingFonts();
      if (missing.length > 0) throw new Error(`Report fonts are not installed: ${missing.join(', ')}`);

      const [study, configs, settings, institution, images] = await Promise.all([
        requireStudy(deps, auth, row.study_instance_uid as string),
        readConfigs(deps.db),
        loadSettings(deps.db, auth.accountId),
        selectInstitution(deps.db, auth.institution),
        sql.selectDocumentKeyImages(deps.db, id, 12),
      ]);
      const userPdf = getAtPath(settings, 'report.pdf');
      const pdfSettings = (
        isJsonObject(userPdf) && isJsonObject(userPdf.header) ? userPdf : getAtPath(configs, 'report.pdf')
      ) as ReportPdfInput['settings'];
      const input: ReportPdfInput = {
        lang: typeof settings.lang === 'string' ? settings.lang : 'en',
        display: { dateFormat: configs.date_format, timeZone: configs.time_zone || undefined, nameForm: configs.patient_name.ja },
        settings: {
          font_size: Number(pdfSettings.font_size) || 90,
          header: pdfSettings.header as PdfBlockSettings,
          footer: pdfSettings.footer as PdfBlockSettings,
        },
        layout: (getAtPath(configs, 'report.layout') as ReportPdfInput['layout']) ?? [],
        institution: {
          name: institution?.name ?? '',
          address: institution?.address ?? '',
          email: institution?.email ?? '',
          phone: institution?.phone ?? '',
          fax: institution?.fax ?? '',
          website: institution?.website ?? '',
        },
        logos: { header: await logo(deps, auth.institution, 'report_header'), footer: await logo(deps, auth.institution, 'report_footer') },
        study: study,
        document: {
          Title: row.title ?? '',
          Status: row.status,
          DoctorName: row.doctor_name,
          UpdatedAt: row.updated_at.toISOString(),
          fields: Object.fromEntries(CONTENT_FIELDS.filter((key) => key !== 'title').map((key) => [key, row[key] ?? ''])),
        },
        keyImages: (await Promise.all(images.map((image) => keyImage(deps, image.sop_instance_uid, image.frame)))).filter(
          (image): image is Buffer => image !== undefined,
        ),
      };
      const pdf = await renderReportPdf(input);
      res.set({ 'content-type': 'application/pdf', 'content-disposition': `inline; filename="report-${id}.pdf"` });
      res.send(pdf);
    },
  },
  {
    method: 'post',
    path: '/institutions/uploadimagefile',
    access: 'admin',
    summary: "Upload an institution's report header or footer logo",
    handler: async (req, _res, { deps }) => {
      const { fields, file } = await readSmallUpload(req, 'file', MAX_LOGO_BYTES);
      const institution = Number(fields.institution);
      if (!Number.isInteger(institution) || institution < 0) throw invalid('institution');
      if (!IMAGE_NAMES.includes(fields.name ?? '')) throw invalid('name');
      const kind = detectFileKind(file.subarray(0, 132));
      const size = imageSize(file);
      if ((kind !== 'png' && kind !== 'jpeg') || size?.kind !== kind)
        throw new AppError('validation_failed', { file: 'file format not supported' }, 'file format not supported');
      if (size.width * size.height > MAX_LOGO_PIXELS) throw new AppError('payload_too_large');
      const stored = await sql.upsertInstitutionImage(
        deps.db,
        institution,
        fields.name!,
        kind === 'png' ? 'image/png' : 'image/jpeg',
        file,
      );
      if (!stored) throw new AppError('not_found');
      return { Institution: institution, Name: fields.name };
    },
  },
  {
    method: 'get',
    path: '/institutions/downloadimagefile',
    access: 'signed',
    summary: "An institution's report logo",
    handler: async (req, res, { deps, auth }) => {
      const institution = optionalInt(req, 'institution', 0, 1_000_000_000, 'query');
      const name = requiredString(req, 'name', 'query', 40);
      if (institution === undefined || !IMAGE_NAMES.includes(name)) throw new AppError('not_found');
      // Only the caller's own institution's logos (administrators: any), answered like a missing one.
      if (institution !== auth.institution && !isAdmin(auth.permissions)) throw new AppError('not_found');
      const image = await sql.selectInstitutionImageFile(deps.db, institution, name);
      if (!image) throw new AppError('not_found');
      res.set({ 'content-type': image.content_type, 'last-modified': image.updated_at.toUTCString() });
      res.send(image.data);
    },
  },
  {
    method: 'delete',
    path: '/institutions/deleteimagefile',
    access: 'admin',
    summary: "Delete an institution's report logo",
    handler: async (req, _res, { deps }) => {
      const institution = optionalInt(req, 'institution', 0, 1_000_000_000, 'query');
      const name = requiredString(req, 'name', 'query', 40);
      if (!(await sql.deleteInstitutionImage(deps.db, institution ?? -1, name))) throw new AppError('not_found');
      return {};
    },
  },
];
