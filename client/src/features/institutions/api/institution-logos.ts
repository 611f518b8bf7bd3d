/**
 * Institution logos for report PDFs (spec 3 §7 "Institutions"): `GET /institutions/downloadimagefile`
 * (institution, name, date), `POST /institutions/uploadimagefile` (multipart: institution, name,
 * file; PNG or JPEG) and `DELETE /institutions/deleteimagefile`. The names are report_header and
 * report_footer.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { uiStore } from '../../../state/index.ts';
import { api, buildUrl } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';

export const LOGO_NAMES = ['report_header', 'report_footer'] as const;
export type LogoName = (typeof LOGO_NAMES)[number];

export interface LogoRef {
  institution: number;
  name: LogoName;
}

/** A stored logo: its bytes for the preview and when it last changed (for a fresh download link). */
export interface StoredLogo {
  blob: Blob;
  updatedAt: string;
}

export function logoUrl({ institution, name }: LogoRef, date?: string): string {
  return buildUrl('/institutions/downloadimagefile', { institution, name, date });
}

export const logoQueryKey = (ref: LogoRef) => ['institution-logo', ref.institution, ref.name] as const;

/** The logo, or null when the institution has none (the server answers 404). */
export async function getLogo(ref: LogoRef): Promise<StoredLogo | null> {
  let response: Response;
  try {
    response = await fetch(logoUrl(ref, String(Date.now())), {
      credentials: 'same-origin',
      headers: { 'X-Requested-With': 'XMLHttpRequest', 'Accept-Language': uiStore.language },
    });
  } catch (cause) {
    throw ApiError.network(cause);
  }
  if (response.status === 404) return null;
  if (!response.ok) throw await ApiError.fromResponse(response);
  return { blob: await response.blob(), updatedAt: response.headers.get('last-modified') ?? '' };
}

export function getLogoQueryOptions(ref: LogoRef) {
  return queryOptions({ queryKey: logoQueryKey(ref), queryFn: () => getLogo(ref), staleTime: 0 });
}

export function useLogo(ref: LogoRef) {
  return useQuery(getLogoQueryOptions(ref));
}

/** Multipart upload through the shared client (the browser sets the boundary). */
export async function postLogo({ institution, name, file }: LogoRef & { file: File }): Promise<void> {
  const form = new FormData();
  form.append('institution', String(institution));
  form.append('name', name);
  form.append('file', file, file.name);
  await api.post('/institutions/uploadimagefile', { multipart: form });
}

export function deleteLogo({ institution, name }: LogoRef): Promise<unknown> {
  return api.delete('/institutions/deleteimagefile', { query: { institution, name } });
}

export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postLogo,
    // A file the server refuses is shown beside the picker.
    meta: { inlineValidation: true },
    onSuccess: (_data, ref) => queryClient.invalidateQueries({ queryKey: logoQueryKey(ref) }),
  });
}

export function useDeleteLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLogo,
    onSuccess: (_data, ref) => queryClient.setQueryData(logoQueryKey(ref), null),
  });
}
