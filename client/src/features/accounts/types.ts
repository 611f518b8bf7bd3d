/** Shapes of the account calls (`/accounts/...`), declared in common beside the adapter's. */
export type { AccountName, AdminAccount } from '@pacs/common';
