/** Messages of the worklist whose id depends on a value: each written out, so the catalogue check sees it. */
import { defineMessages } from 'react-intl';
import type { WorklistStatus } from '@pacs/common';

export const STATUS_LABELS = defineMessages<WorklistStatus>({
  none: { id: 'worklist.status.none' },
  in_progress: { id: 'worklist.status.in_progress' },
  completed: { id: 'worklist.status.completed' },
  disabled: { id: 'worklist.status.disabled' },
  deleted: { id: 'worklist.status.deleted' },
});

export const SEX_LABELS = defineMessages({
  M: { id: 'worklist.sex.m' },
  F: { id: 'worklist.sex.f' },
  O: { id: 'worklist.sex.o' },
});

export const TOOLBAR_LABELS = defineMessages({
  add: { id: 'worklist.toolbar.add' },
  edit: { id: 'worklist.toolbar.edit' },
  delete: { id: 'worklist.toolbar.delete' },
  search: { id: 'worklist.toolbar.search' },
  refresh: { id: 'worklist.toolbar.refresh' },
});
