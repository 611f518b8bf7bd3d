/** The worklist's wire types, once in @pacs/common (the adapter answers with them). */
export type {
  ScheduledProcedureStep,
  WorklistEntryInput,
  WorklistItem,
  WorklistList,
  WorklistStatus,
  WorklistUpdateInput,
} from '@pacs/common';
