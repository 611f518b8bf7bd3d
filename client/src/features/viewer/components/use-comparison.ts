/**
 * Comparison: other studies of the same patient, their series beside the open study's. A study
 * just picked puts its first series beside the active viewport once its series arrive.
 */
import { useQueries } from '@tanstack/react-query';
import { useEffect, useState, type Dispatch } from 'react';
import { usePatientStudies } from '../api/get-patient-studies.ts';
import { getSeriesQueryOptions } from '../../studies/index.ts';
import { toViewerStudy } from '../comparison.ts';
import type { ViewerSeries, ViewerStudy } from '../types.ts';
import type { ViewerAction } from '../viewer-state.ts';

export function useComparison(study: ViewerStudy | undefined, seriesList: readonly ViewerSeries[], dispatch: Dispatch<ViewerAction>) {
  const [compared, setCompared] = useState<string[]>([]);
  // Anyone who may open the viewer may compare: the search answers only studies the caller may see.
  const patientStudies = usePatientStudies(study?.PatientID ?? '', true);
  const comparedSeries = useQueries({ queries: compared.map((uid) => getSeriesQueryOptions(uid)) });
  const comparedGroups = compared.flatMap((uid, index) => {
    const item = patientStudies.data?.find((candidate) => candidate.StudyInstanceUID === uid);
    return item ? [{ study: toViewerStudy(item), series: comparedSeries[index]?.data ?? [] }] : [];
  });
  const allSeries: ViewerSeries[] = [...seriesList, ...comparedGroups.flatMap((group) => group.series)];
  const studyOfSeries = (uid: string | null): ViewerStudy | undefined =>
    comparedGroups.find((group) => group.series.some((item) => item.SeriesInstanceUID === uid))?.study ?? study;
  /** A study just picked: its first series goes beside the active viewport once its series arrive. */
  const [placing, setPlacing] = useState<string | null>(null);
  const placingSeries = comparedGroups.find((group) => group.study.StudyInstanceUID === placing)?.series[0]?.SeriesInstanceUID;
  useEffect(() => {
    if (!placingSeries) return;
    dispatch({ type: 'compare', seriesUid: placingSeries });
    setPlacing(null);
  }, [placingSeries, dispatch]);
  const compare = (uid: string) => {
    if (!compared.includes(uid)) setCompared([...compared, uid]);
    setPlacing(uid);
  };
  const endComparison = () => {
    dispatch({ type: 'uncompare', seriesUids: comparedGroups.flatMap((group) => group.series.map((item) => item.SeriesInstanceUID)) });
    setCompared([]);
    setPlacing(null);
  };
  return { compared, patientStudies, comparedGroups, allSeries, studyOfSeries, compare, endComparison };
}
