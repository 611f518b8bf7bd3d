/** The wire types of auto-delete, declared once in @pacs/common. */
export type { AutoDeleteColumn, AutoDeleteRun, AutoDeleteRunList, AutoDeleteSettings, AutoDeleteSettingsFind } from '@pacs/common';
