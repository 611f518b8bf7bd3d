/**
 * The server indexes stored instances from Orthanc's change feed, a moment after the upload
 * answered. Waits until every given study is found (or the time is up), so a list refreshed
 * afterwards shows them.
 */
export async function waitForIndex(
  uids: readonly string[],
  find: (uid: string) => Promise<unknown>,
  { timeoutMs = 15_000, intervalMs = 250 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  let pending = [...uids];
  while (pending.length > 0) {
    const found = await Promise.all(
      pending.map((uid) =>
        find(uid).then(
          () => true,
          () => false,
        ),
      ),
    );
    pending = pending.filter((_, index) => !found[index]);
    if (pending.length === 0) return true;
    if (Date.now() + intervalMs > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  return true;
}
