/**
 * Whether Orthanc accepts C-STORE at all (the licence's study limit, spec 1 §8 'You have reached
 * the maximum number of Studies.'). Orthanc 1.10 cannot answer one C-STORE with an error status
 * from Lua, so the limit is enforced at association level (ARCHITECTURE "Limits"): when the
 * archive holds the licensed number of studies, DicomAlwaysAllowStore and every DICOM user's
 * AllowStore are turned off (network.service setStudyStoreOpen); they come back when studies are
 * deleted or a larger licence is activated. Kept per configuration object so that several
 * adapters in one process (tests) keep their own gate.
 */
import type { Config } from '../../config.ts';

const closed = new WeakSet<Config>();

export function studyStoreOpen(config: Config): boolean {
  return !closed.has(config);
}

export function markStudyStore(config: Config, open: boolean): void {
  if (open) closed.delete(config);
  else closed.add(config);
}
