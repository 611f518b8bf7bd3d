import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Credits } from '@pacs/common';
import { ApiError } from '../../../lib/api-error.ts';

/**
 * `/viewer/credits.json`: the open-source components, written by the build (client/build/credits.ts),
 * a static file beside the app rather than an API call.
 */
export async function getCredits(): Promise<Credits> {
  const response = await fetch(`${import.meta.env.BASE_URL}credits.json`, { credentials: 'same-origin' });
  if (!response.ok) throw new ApiError(response.status, null, response.statusText);
  return (await response.json()) as Credits;
}

export function getCreditsQueryOptions() {
  return queryOptions({ queryKey: ['credits'], queryFn: getCredits, staleTime: Infinity });
}

export function useCredits() {
  return useQuery(getCreditsQueryOptions());
}
