/**
 * Rows of the study list at its three levels. The shapes live once in @pacs/common, which the
 * adapter answers with; this module adds what only the list needs.
 */
import type { InstanceItem, ListResponse, SeriesItem, StudyItem } from '@pacs/common';

export type { InstanceItem, SeriesItem, StudyItem };

/** `GET /studies/search`. */
export type StudyListResponse = ListResponse<StudyItem>;

/** Any row of the three levels, read by column key. */
export type ListItem = StudyItem | SeriesItem | InstanceItem;
export type ListLevel = 'study' | 'series' | 'instance';
