import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductInfo } from '@pacs/common';
import { api } from '../../../lib/api-client.ts';

/** `GET /product/info`: name, version and release date for the about screen. */
export function getProductInfo(): Promise<ProductInfo> {
  return api.get<ProductInfo>('/product/info');
}

export function getProductInfoQueryOptions() {
  return queryOptions({ queryKey: ['product', 'info'], queryFn: getProductInfo, staleTime: Infinity });
}

export function useProductInfo() {
  return useQuery(getProductInfoQueryOptions());
}
