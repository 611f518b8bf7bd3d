/**
 * The one react-query client. Failures go through the global error handler unless the query or
 * mutation says it shows them itself (lib/query-meta.ts).
 */
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error.ts';
import type { AppQueryMeta } from './query-meta.ts';
import { handleError } from './error-effects.ts';

function shouldHandle(error: unknown, meta: AppQueryMeta | undefined): boolean {
  if (meta?.silent) return false;
  if (meta?.inlineValidation && isApiError(error) && error.status === 400 && error.fields) return false;
  return true;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (shouldHandle(error, query.meta)) handleError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (shouldHandle(error, mutation.meta)) handleError(error);
      },
    }),
    defaultOptions: {
      queries: {
        retry: (count, error) => isApiError(error) && error.isNetworkError && count < 2,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
    },
  });
}

export const queryClient = createQueryClient();
