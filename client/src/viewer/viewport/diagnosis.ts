/**
 * Why an image could not be shown: whether Cornerstone's decoded pixels fit the image at all,
 * and the transfer syntax of a failed image for the "cannot be displayed" message (from the
 * loader's error, Cornerstone's metadata, or else the archive's DICOMweb metadata).
 */
import { metaData, type Types } from '@cornerstonejs/core';
import { API_BASE } from '@pacs/common';

interface DataSetLike {
  string(tag: string): string | undefined;
}

function transferSyntaxFromError(error: unknown): string | null {
  const failure = (error ?? {}) as { dataSet?: DataSetLike; error?: { dataSet?: DataSetLike } };
  const dataSet = failure.dataSet ?? failure.error?.dataSet;
  return dataSet?.string('x00020010')?.trim() || null;
}

function transferSyntaxFromMetadata(imageId: string): string | null {
  const module = metaData.get('transferSyntax', imageId) as { transferSyntaxUID?: string } | undefined;
  return module?.transferSyntaxUID ?? null;
}

/** The transfer syntax of a failed image as far as this page already knows it, without asking. */
export function knownTransferSyntax(imageId: string, error: unknown): string | null {
  return transferSyntaxFromError(error) ?? transferSyntaxFromMetadata(imageId);
}

/** The transfer syntax of an instance from the archive's DICOMweb metadata, when it says. */
export async function transferSyntaxFromArchive(imageId: string): Promise<string | null> {
  const query = new URLSearchParams(imageId.slice(imageId.indexOf('?') + 1));
  const [study, series, instance] = [query.get('studyUID'), query.get('seriesUID'), query.get('objectUID')];
  if (!study || !series || !instance) return null;
  try {
    const response = await fetch(`${API_BASE}/dicom-web/studies/${study}/series/${series}/instances/${instance}/metadata`, {
      headers: { Accept: 'application/dicom+json' },
      credentials: 'same-origin',
    });
    if (!response.ok) return null;
    const [item] = (await response.json()) as { '00020010'?: { Value?: string[] } }[];
    return item?.['00020010']?.Value?.[0] ?? null;
  } catch {
    return null;
  }
}

/**
 * Whether the decoded pixels fit the image's size with 1 (grey), 3 (RGB) or 4 (RGBA) samples per
 * pixel. Cornerstone hands some images on undecoded (uncompressed YBR_FULL_422 keeps 2 bytes
 * per pixel); the renderer then throws and the canvas stays black, so such images get the
 * "cannot be displayed" message instead.
 */
export function isDisplayable(image: Pick<Types.IImage, 'rows' | 'columns' | 'getPixelData'> & { voxelManager?: unknown }): boolean {
  const manager = image.voxelManager as { getScalarData?: () => ArrayLike<number> } | undefined;
  let data: ArrayLike<number> | undefined;
  try {
    data = manager?.getScalarData?.() ?? image.getPixelData();
  } catch {
    return false;
  }
  const pixels = image.rows * image.columns;
  if (!data || !pixels) return false;
  return [1, 3, 4].includes(data.length / pixels);
}
