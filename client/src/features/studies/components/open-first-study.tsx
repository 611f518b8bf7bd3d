/**
 * The viewer and report routes opened by a share link that names no study (spec 3 §2): a guest's
 * `?accesskey=` link, or a patient share's `?patientid=` link. Opens the newest study the caller
 * may see (of that patient) in the same route; the viewer's study picker moves between the
 * patient's other studies. Shows `fallback` when there is none.
 */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useFirstStudy } from '../api/get-first-study.ts';

export function OpenFirstStudy({ patientId, fallback }: { patientId: string; fallback: ReactNode }) {
  const { pathname } = useLocation();
  const first = useFirstStudy(patientId);
  if (first.isPending) return <div className="page-loading" role="status" aria-busy="true" />;
  if (!first.data) return fallback;
  return <Navigate to={`${pathname}?studyinstanceuid=${encodeURIComponent(first.data)}`} replace />;
}

/** Whether a route without a study should open the first one: guests and patient links do. */
export function opensFirstStudy(isGuest: boolean, patientId: string): boolean {
  return isGuest || patientId !== '';
}
