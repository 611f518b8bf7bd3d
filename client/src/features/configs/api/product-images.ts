/**
 * The site's own images (spec 2 §7 "Product image"): `GET /product/imagefiles` (anyone),
 * `POST /product/uploadimagefile` (multipart name, file) and `DELETE /product/deleteimagefile?name=`
 * (admin). Each image is shown from `/files/{name}?date=`, so a new upload is fetched anew.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { productImagePath, type ProductImage, type ProductImageName } from '@pacs/common';
import { api, buildUrl } from '../../../lib/api-client.ts';

export const productImagesQueryKey = ['product', 'images'] as const;

export function getProductImages(): Promise<ProductImage[]> {
  return api.get<ProductImage[]>('/product/imagefiles');
}

export function getProductImagesQueryOptions() {
  return queryOptions({ queryKey: productImagesQueryKey, queryFn: getProductImages, staleTime: 5 * 60_000 });
}

export function useProductImages() {
  return useQuery(getProductImagesQueryOptions());
}

/** The address of a stored image, or undefined when the site has none under that name. */
export function productImageUrl(images: readonly ProductImage[] | undefined, name: ProductImageName): string | undefined {
  const image = images?.find((each) => each.Name === name);
  return image ? buildUrl(productImagePath(image)) : undefined;
}

export function postProductImage({ name, file }: { name: ProductImageName; file: File }): Promise<ProductImage> {
  const form = new FormData();
  form.append('name', name);
  form.append('file', file, file.name);
  return api.post<ProductImage>('/product/uploadimagefile', { multipart: form });
}

export function deleteProductImage(name: ProductImageName): Promise<unknown> {
  return api.delete('/product/deleteimagefile', { query: { name } });
}

export function useUploadProductImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postProductImage,
    // A file the server refuses is shown beside its picker.
    meta: { inlineValidation: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productImagesQueryKey }),
  });
}

export function useDeleteProductImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProductImage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productImagesQueryKey }),
  });
}
