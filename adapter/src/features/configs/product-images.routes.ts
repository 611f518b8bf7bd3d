/**
 * The site's own images (spec 2 §7 "Product image"): header logos and favicon.
 * - GET    /product/imagefiles               → [{Name, Date}] the images stored (anyone: the sign-in page shows them)
 * - POST   /product/uploadimagefile          multipart name (logo_small_light | logo_small_dark | favicon),
 *                                            file (PNG or JPEG by its bytes, ≤ 1 MB, ≤ 2048 px a side) → {Name, Date} (admin)
 * - DELETE /product/deleteimagefile?name=    (admin) → {}; 404 when none is stored
 * - GET    /files/{name}?date=               the image (anyone); with the upload's date it is cached for good
 */
import {
  MAX_PRODUCT_IMAGE_BYTES,
  MAX_PRODUCT_IMAGE_SIDE,
  PRODUCT_IMAGE_MESSAGES,
  detectFileKind,
  isProductImageName,
  type ProductImage,
  type ProductImageName,
} from '@pacs/common';
import type { Request } from 'express';
import type { AnyRouteSpec } from '../../http/routes.ts';
import { AppError } from '../../http/errors.ts';
import { imageSize } from '../../http/image-size.ts';
import { readSmallUpload } from '../../http/multipart.ts';
import * as sql from './product-images.sql.ts';

function refuse(code: 'validation_failed' | 'payload_too_large', message: string): AppError {
  return new AppError(code, { file: message }, message);
}

/** The image's type from its bytes (never its name or the browser's word), its size from its header. */
function checkImage(file: Buffer): 'image/png' | 'image/jpeg' {
  const kind = detectFileKind(file.subarray(0, 132));
  const size = imageSize(file);
  if ((kind !== 'png' && kind !== 'jpeg') || size?.kind !== kind) throw refuse('validation_failed', PRODUCT_IMAGE_MESSAGES.not_image);
  if (size.width < 1 || size.height < 1 || size.width > MAX_PRODUCT_IMAGE_SIDE || size.height > MAX_PRODUCT_IMAGE_SIDE)
    throw refuse('validation_failed', PRODUCT_IMAGE_MESSAGES.too_many_pixels);
  return kind === 'png' ? 'image/png' : 'image/jpeg';
}

function imageName(value: unknown): ProductImageName {
  if (!isProductImageName(value)) throw new AppError('validation_failed', { name: 'The field is not a valid value' });
  return value;
}

async function readImageUpload(req: Request): Promise<{ name: ProductImageName; type: string; data: Buffer }> {
  try {
    // The bound applies while the part streams in: a larger file is cut and refused, never held whole.
    const { fields, file } = await readSmallUpload(req, 'file', MAX_PRODUCT_IMAGE_BYTES, checkImage);
    return { name: imageName(fields.name), type: checkImage(file), data: file };
  } catch (error) {
    if (error instanceof AppError && error.code === 'payload_too_large')
      throw refuse('payload_too_large', PRODUCT_IMAGE_MESSAGES.too_large);
    throw error;
  }
}

export const productImageRoutes: AnyRouteSpec[] = [
  {
    method: 'get',
    path: '/product/imagefiles',
    access: 'public',
    summary: 'The product images stored (header logos, favicon)',
    handler: async (_req, _res, { deps }): Promise<ProductImage[]> =>
      (await sql.selectProductImages(deps.db))
        .filter((row) => isProductImageName(row.name))
        .map((row) => ({ Name: row.name as ProductImageName, Date: row.updated_at.toISOString() })),
  },
  {
    method: 'post',
    path: '/product/uploadimagefile',
    access: 'admin',
    summary: 'Upload a header logo or the favicon (PNG or JPEG)',
    handler: async (req, _res, { deps, auth }): Promise<ProductImage> => {
      const { name, type, data } = await readImageUpload(req);
      const at = await sql.upsertProductImage(deps.db, name, type, data);
      deps.audit.record(req, auth, { action: 'configs_change', details: { Key: `product_image.${name}` } });
      return { Name: name, Date: at.toISOString() };
    },
  },
  {
    method: 'delete',
    path: '/product/deleteimagefile',
    access: 'admin',
    summary: 'Delete a header logo or the favicon',
    handler: async (req, _res, { deps, auth }) => {
      const name = imageName(req.query.name);
      if (!(await sql.deleteProductImage(deps.db, name))) throw new AppError('not_found');
      deps.audit.record(req, auth, { action: 'configs_change', details: { Key: `product_image.${name}` } });
      return {};
    },
  },
  {
    method: 'get',
    path: '/files/:name',
    access: 'public',
    summary: 'A product image by name (`date` = its upload time, for caching)',
    handler: async (req, res, { deps }) => {
      const name = req.params.name;
      if (!isProductImageName(name)) throw new AppError('not_found');
      const image = await sql.selectProductImageFile(deps.db, name);
      if (!image) throw new AppError('not_found');
      // Not patient data: with the upload's date in the address the answer never changes.
      const dated = req.query.date === image.updated_at.toISOString();
      res.set({
        'content-type': image.content_type,
        'cache-control': dated ? 'public, max-age=31536000, immutable' : 'no-cache',
        'last-modified': image.updated_at.toUTCString(),
        'content-disposition': `inline; filename="${name}"`,
      });
      res.send(image.data);
    },
  },
];
