/**
 * When stored configs need migrating (spec 2 §4 "Configs version check"). Versions are the
 * four-part product version, major.minor.patch.build.
 */

/** The numeric segments of a dotted version, or null when missing, undotted or non-numeric. */
export function parseVersion(v: unknown): number[] | null {
  if (typeof v !== 'string') return null;
  const parts = v.trim().split('.');
  if (parts.length < 2 || parts.some((part) => !/^\d+$/.test(part))) return null;
  return parts.map(Number);
}

/**
 * Whether configs written with `storedVersion` must go through the migrations.
 *
 * - A missing or undotted stored version means a tree from before versioning: outdated.
 * - major.minor.patch count only when the latest is greater; a tree written by a newer release
 *   (say after a rollback) is never migrated backwards.
 * - With equal major.minor.patch, any difference in the build segment counts, either way:
 *   builds are not ordered releases, so the defaults may differ in both directions.
 *
 * An unparsable latest version gives false: there is nothing to migrate towards.
 */
export function isConfigsOutdated(storedVersion: unknown, latestVersion: string): boolean {
  const latest = parseVersion(latestVersion);
  if (!latest) return false;
  const stored = parseVersion(storedVersion);
  if (!stored) return true;
  for (let i = 0; i < 3; i += 1) {
    const a = latest[i] ?? 0;
    const b = stored[i] ?? 0;
    if (a !== b) return a > b;
  }
  return (latest[3] ?? 0) !== (stored[3] ?? 0);
}
