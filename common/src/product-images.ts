/**
 * The site's own images (spec 2 §7 "Product image", spec 1 §7): the header logo for light and
 * dark bars and the favicon, uploaded under admin/client/general and shown to everyone, signed in
 * or not (the sign-in page carries them too).
 */
import { IMPORT_MESSAGES } from './file-type.ts';

export const PRODUCT_IMAGE_NAMES = ['logo_small_light', 'logo_small_dark', 'favicon'] as const;
export type ProductImageName = (typeof PRODUCT_IMAGE_NAMES)[number];

/** Bounded before anything is buffered past it: a header logo is a few kilobytes. */
export const MAX_PRODUCT_IMAGE_BYTES = 1024 * 1024;
/** Largest image in pixels, read from its header before it is stored (a browser decodes it whole). */
export const MAX_PRODUCT_IMAGE_SIDE = 2048;

export const PRODUCT_IMAGE_MESSAGES = {
  not_image: IMPORT_MESSAGES.not_supported,
  too_large: 'The image must be 1 MB or smaller.',
  too_many_pixels: 'The image must be at most 2048 × 2048 pixels.',
} as const;

/** One stored image, as GET /product/imagefiles lists them. */
export interface ProductImage {
  Name: ProductImageName;
  /** When it was uploaded (ISO): the `date` of /files/{name}?date=, so a new upload is fetched anew. */
  Date: string;
}

export function isProductImageName(value: unknown): value is ProductImageName {
  return typeof value === 'string' && (PRODUCT_IMAGE_NAMES as readonly string[]).includes(value);
}

/** Where the browser fetches an image: `/files/{name}?date=`, the date busting caches on upload. */
export function productImagePath(image: ProductImage): string {
  return `/files/${image.Name}?date=${encodeURIComponent(image.Date)}`;
}
