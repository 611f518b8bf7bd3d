/**
 * The patient import on a screen's load (spec 1 §4, spec 2 §4 "Patient import"): while configs
 * `mwm.is_patient_imported` is false the screen says 'Generating Patient List', reloads the configs,
 * posts `/patients/createinformations` if the server's flag is still false, then holds the flag
 * true in the session's configs and reloads the patients. The server sets and saves the flag itself
 * with the import (a worklist user may not save configs), so the client only mirrors it.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { handleError } from '../../lib/error-effects.ts';
import { sessionStore } from '../../state/index.ts';
import { configsQueryKey, getConfigs } from '../configs/index.ts';
import { postImportPatients } from './api/import-patients.ts';
import { patientsQueryKey } from './api/search-patients.ts';

/** One import at a time, however many screens ask at once. */
let running: Promise<void> | null = null;

async function runImport(queryClient: QueryClient): Promise<void> {
  const configs = await getConfigs();
  if (!configs.mwm.is_patient_imported) await postImportPatients();
  const next = { ...configs, mwm: { ...configs.mwm, is_patient_imported: true } };
  queryClient.setQueryData(configsQueryKey, next);
  sessionStore.setConfigs(next);
  await queryClient.invalidateQueries({ queryKey: patientsQueryKey });
}

/**
 * Runs the import when the session's configs say it has not run; true while it runs. Call it from
 * an observer component (it reads the session's configs).
 */
export function usePatientImport(): boolean {
  const queryClient = useQueryClient();
  const needed = sessionStore.configs?.mwm.is_patient_imported === false;
  const [importing, setImporting] = useState(needed);
  useEffect(() => {
    if (!needed) return;
    setImporting(true);
    running ??= runImport(queryClient)
      .catch(handleError)
      .finally(() => {
        running = null;
      });
    let live = true;
    void running.finally(() => {
      if (live) setImporting(false);
    });
    return () => {
      live = false;
    };
  }, [needed, queryClient]);
  return needed && importing;
}
