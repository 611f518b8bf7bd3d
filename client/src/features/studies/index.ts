/** The studies feature's public entry: what other features may use. */
export { OpenFirstStudy, opensFirstStudy } from './components/open-first-study.tsx';
export { formatCell, type FormatContext } from './format.ts';
export { visibleColumns } from './columns.ts';
export { useIsPhone } from '../../lib/use-screen-class.ts';
export { alignStyle, PersonName } from './components/cells.tsx';
export { useAeTitles } from './api/get-ae-titles.ts';
export { useInstitutionNames } from './api/get-institution-names.ts';
export { getStudy, getStudyQueryOptions, studyQueryKey, useStudy } from './api/get-study.ts';
export { useStudiesByAccession } from './api/get-studies-by-accession.ts';
export { getSeriesQueryOptions, useSeries } from './api/get-series.ts';
export { getInstancesQueryOptions, useInstances } from './api/get-instances.ts';
export { StudySearchBar, type SearchBarStore } from './components/study-search-bar.tsx';
export { buildSearchParams, emptyFilters, nextOrder, type SortTerm, type StudyFilters } from './search-query.ts';
export { ToolbarFolder, type FolderAction } from './components/toolbar-folder.tsx';
export { anonymizationItemName } from './anonymization-names.ts';
