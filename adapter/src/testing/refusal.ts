/** Test helper: the error body a call that must fail answers with (throws if the call succeeds). */
import type { ErrorBody } from '@pacs/common';
import { toErrorBody } from '../http/errors.ts';

export async function refusal(call: Promise<unknown>): Promise<ErrorBody> {
  return call.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: unknown) => toErrorBody(error),
  );
}
