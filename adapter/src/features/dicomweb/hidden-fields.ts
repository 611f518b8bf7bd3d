/**
 * What the DICOMweb proxy answers a caller whose role hides fields (access/hidden-dicom.ts;
 * docs/decisions.md "Hidden fields through DICOMweb"):
 * - JSON answers (QIDO searches, metadata) go out without the hidden attributes, edited item by
 *   item as they stream (orthanc/proxy.ts JsonArrayItems);
 * - QIDO filters and `includefield` naming a hidden attribute are refused (400);
 * - pixel-only answers pass: frames, rendered images, thumbnails, and bulk data of attributes
 *   that are not hidden;
 * - whole files (WADO-RS retrieves of a study, series or instance, WADO-URI application/dicom)
 *   are refused (403): they cannot be stripped on the fly without parsing and rewriting every
 *   file. The viewer then builds its files from the stripped metadata and the frames.
 */
import { AppError } from '../../http/errors.ts';
import type { ProxyJsonEdit } from '../../orthanc/proxy.ts';
import { assertNoHiddenQuery, hidesAny, namesHidden, stripHidden, type HiddenAttributes } from '../../access/hidden-dicom.ts';

const IMAGES = new Set(['rendered', 'thumbnail']);
const SEARCHES = new Set(['metadata', 'series', 'instances']);

/**
 * For a study-scoped DICOMweb path (`rest`: the segments after `studies/{uid}`): undefined when
 * nothing is hidden or the answer is pixels only, the JSON edit when the answer is JSON to strip.
 * Throws 400 for a query on a hidden attribute and 403 for anything else (whole files).
 */
export function hiddenFieldsEdit(rest: readonly string[], query: URLSearchParams, hidden: HiddenAttributes): ProxyJsonEdit | undefined {
  if (!hidesAny(hidden)) return undefined;
  assertNoHiddenQuery(query, hidden);
  const json: ProxyJsonEdit = { edit: (item) => stripHidden(item, hidden) };
  const [part, , sub, , leaf] = rest;
  // studies/{s}/(metadata|series|instances|rendered|thumbnail)
  if (rest.length === 1) return isImage(part) ? undefined : isJson(part) ? json : refuse();
  if (part !== 'series') return refuse();
  // studies/{s}/series/{se}/(metadata|instances|rendered|thumbnail)
  if (rest.length === 3) return isImage(sub) ? undefined : sub === 'metadata' || sub === 'instances' ? json : refuse();
  if (sub !== 'instances' || rest.length < 5) return refuse();
  // studies/{s}/series/{se}/instances/{i}/...
  if (rest.length === 5) return isImage(leaf) ? undefined : leaf === 'metadata' ? json : refuse();
  if (leaf === 'frames' && (rest.length === 6 || (rest.length === 7 && isImage(rest[6])))) return undefined;
  if (leaf === 'bulk' && !namesHidden(rest.slice(5).join('.'), hidden)) return undefined;
  return refuse();
}

/** WADO-URI for such a caller: rendered images only (its default is JPEG), never the file. */
export function assertWadoUriAllowed(contentType: unknown, hidden: HiddenAttributes): void {
  if (!hidesAny(hidden)) return;
  if (contentType === undefined) return;
  if (typeof contentType !== 'string' || !/^image\/(jpeg|png|gif)$/i.test(contentType.trim())) refuse();
}

function isImage(segment: string | undefined): boolean {
  return segment !== undefined && IMAGES.has(segment);
}

function isJson(segment: string | undefined): boolean {
  return segment !== undefined && SEARCHES.has(segment);
}

function refuse(): never {
  throw new AppError('forbidden');
}
