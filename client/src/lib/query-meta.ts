/**
 * Per-query and per-mutation hints for the global error handler (app/providers.tsx). By default
 * every failure goes through spec 1 §8; a caller that shows the failure itself says so here.
 */
import type { ApiError } from './api-error.ts';

export interface AppQueryMeta extends Record<string, unknown> {
  /** The caller handles every failure itself. */
  silent?: boolean;
  /** The caller shows 400 answers that carry per-field messages next to the fields. */
  inlineValidation?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    defaultError: ApiError;
    queryMeta: AppQueryMeta;
    mutationMeta: AppQueryMeta;
  }
}
