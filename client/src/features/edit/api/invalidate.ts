import type { QueryClient } from '@tanstack/react-query';

/** After an edit every cached study, series and instance answer may hold an old value. */
export function invalidateEdited(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(['studies', 'series', 'instances'].map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
}
