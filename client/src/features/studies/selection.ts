/**
 * The list as a tree of rows and its selection rules (spec 2 §4 "Worklist and study list
 * selection"): a click selects one row exclusively, ctrl/cmd toggles one, shift selects a range
 * of siblings, select-all sets every study. Selecting a row selects everything under it;
 * deselecting a row deselects the rows above it.
 */
import type { InstanceItem, SeriesItem, StudyItem } from './types.ts';

export interface InstanceNode {
  item: InstanceItem;
  is_selected: boolean;
}

export interface SeriesNode {
  item: SeriesItem;
  is_selected: boolean;
  is_expanded: boolean;
  is_loading: boolean;
  /** null until first expanded. */
  instances: InstanceNode[] | null;
}

export interface StudyNode {
  item: StudyItem;
  is_selected: boolean;
  is_expanded: boolean;
  is_loading: boolean;
  /** Updated on the server after the previous request (marked by a refresh). */
  is_refreshed: boolean;
  /** null until first expanded. */
  series: SeriesNode[] | null;
}

export type RowRef =
  | { level: 'study'; study: StudyNode }
  | { level: 'series'; study: StudyNode; series: SeriesNode }
  | { level: 'instance'; study: StudyNode; series: SeriesNode; instance: InstanceNode };

export function studyNode(item: StudyItem): StudyNode {
  return { item, is_selected: false, is_expanded: false, is_loading: false, is_refreshed: false, series: null };
}

/** New children take their parent's selection, so a selected study's series arrive selected. */
export function seriesNode(item: SeriesItem, selected: boolean): SeriesNode {
  return { item, is_selected: selected, is_expanded: false, is_loading: false, instances: null };
}

export function instanceNode(item: InstanceItem, selected: boolean): InstanceNode {
  return { item, is_selected: selected };
}

function setSeries(series: SeriesNode, value: boolean): void {
  series.is_selected = value;
  for (const instance of series.instances ?? []) instance.is_selected = value;
}

function setStudy(study: StudyNode, value: boolean): void {
  study.is_selected = value;
  for (const series of study.series ?? []) setSeries(series, value);
}

export function isSelected(ref: RowRef): boolean {
  if (ref.level === 'study') return ref.study.is_selected;
  if (ref.level === 'series') return ref.series.is_selected;
  return ref.instance.is_selected;
}

/** Sets one row: down to every child; a deselection also goes up to every ancestor. */
export function setSelected(ref: RowRef, value: boolean): void {
  if (ref.level === 'study') {
    setStudy(ref.study, value);
    return;
  }
  if (ref.level === 'series') setSeries(ref.series, value);
  else ref.instance.is_selected = value;
  if (!value) {
    ref.study.is_selected = false;
    if (ref.level === 'instance') ref.series.is_selected = false;
  }
}

export function clearSelection(studies: readonly StudyNode[]): void {
  for (const study of studies) setStudy(study, false);
}

export function selectAll(studies: readonly StudyNode[], value: boolean): void {
  for (const study of studies) setStudy(study, value);
}

export function selectOnly(studies: readonly StudyNode[], ref: RowRef): void {
  clearSelection(studies);
  setSelected(ref, true);
}

export function toggleSelected(ref: RowRef): void {
  setSelected(ref, !isSelected(ref));
}

/** The rows at the same level under the same parent as `ref`, in display order. */
export function siblingsOf(studies: readonly StudyNode[], ref: RowRef): RowRef[] {
  if (ref.level === 'study') return studies.map((study) => ({ level: 'study', study }));
  if (ref.level === 'series') return (ref.study.series ?? []).map((series) => ({ level: 'series', study: ref.study, series }));
  return (ref.series.instances ?? []).map((instance) => ({ level: 'instance', study: ref.study, series: ref.series, instance }));
}

function sameRow(a: RowRef, b: RowRef): boolean {
  if (a.level !== b.level) return false;
  if (a.level === 'study') return a.study === b.study;
  if (a.level === 'series' && b.level === 'series') return a.series === b.series;
  return a.level === 'instance' && b.level === 'instance' && a.instance === b.instance;
}

/**
 * Shift-click: the rows from the anchor to `ref` become the selection. Without an anchor among
 * the same siblings it acts as a plain click.
 */
export function selectRange(studies: readonly StudyNode[], anchor: RowRef | null, ref: RowRef): void {
  const siblings = siblingsOf(studies, ref);
  const from = anchor ? siblings.findIndex((row) => sameRow(row, anchor)) : -1;
  const to = siblings.findIndex((row) => sameRow(row, ref));
  if (from < 0 || to < 0) {
    selectOnly(studies, ref);
    return;
  }
  clearSelection(studies);
  const [start, end] = from <= to ? [from, to] : [to, from];
  for (const row of siblings.slice(start, end + 1)) setSelected(row, true);
}

/** Studies that are selected or hold a selected series or instance, in list order. */
export function studiesWithSelection(studies: readonly StudyNode[]): StudyNode[] {
  return studies.filter(
    (study) =>
      study.is_selected ||
      (study.series ?? []).some((series) => series.is_selected || (series.instances ?? []).some((instance) => instance.is_selected)),
  );
}

/** A selected row as the server names it: a whole study, a series of it, or an instance of a series. */
export interface SelectedResource {
  StudyInstanceUID: string;
  SeriesInstanceUID?: string;
  SOPInstanceUID?: string;
}

/**
 * What the selection names, at the highest level that is wholly selected: a selected study as
 * itself, otherwise its selected series, otherwise the selected instances of its other series.
 */
export function selectedResources(studies: readonly StudyNode[]): SelectedResource[] {
  const resources: SelectedResource[] = [];
  for (const study of studies) {
    const StudyInstanceUID = study.item.StudyInstanceUID;
    if (study.is_selected) {
      resources.push({ StudyInstanceUID });
      continue;
    }
    for (const series of study.series ?? []) {
      const SeriesInstanceUID = series.item.SeriesInstanceUID;
      if (series.is_selected) {
        resources.push({ StudyInstanceUID, SeriesInstanceUID });
        continue;
      }
      for (const instance of series.instances ?? []) {
        if (instance.is_selected) resources.push({ StudyInstanceUID, SeriesInstanceUID, SOPInstanceUID: instance.item.SOPInstanceUID });
      }
    }
  }
  return resources;
}

/**
 * The one row the selection names (selectedResources), or null when it names none or several:
 * what a single-row action such as Edit acts on.
 */
export function singleSelectedRow(studies: readonly StudyNode[]): RowRef | null {
  const resources = selectedResources(studies);
  if (resources.length !== 1) return null;
  const [resource] = resources as [SelectedResource];
  const study = studies.find((node) => node.item.StudyInstanceUID === resource.StudyInstanceUID);
  if (!study) return null;
  if (resource.SeriesInstanceUID === undefined) return { level: 'study', study };
  const series = study.series?.find((node) => node.item.SeriesInstanceUID === resource.SeriesInstanceUID);
  if (!series) return null;
  if (resource.SOPInstanceUID === undefined) return { level: 'series', study, series };
  const instance = series.instances?.find((node) => node.item.SOPInstanceUID === resource.SOPInstanceUID);
  return instance ? { level: 'instance', study, series, instance } : null;
}
