import { api } from '../../../lib/api-client.ts';

/**
 * `GET /studies/find?uid=`: answers once the server's index holds the study (404 before). The
 * import waits on it so the list it refreshes already shows what was imported.
 */
export function getStudyIndexed(uid: string, signal?: AbortSignal): Promise<unknown> {
  return api.get('/studies/find', signal ? { query: { uid }, signal } : { query: { uid } });
}
