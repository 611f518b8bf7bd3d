/** Product identity shown in page titles, the about screen and `/product/info`. */
export const PRODUCT_NAME = 'Open PACS';

/**
 * Four-part version (major.minor.patch.build). Stored configs carry the version they were written
 * with; `configs/version.ts` compares against this to decide whether migrations run.
 */
export const PRODUCT_VERSION = '0.1.0.1';
export const PRODUCT_RELEASE_DATE = '2026-11-21';

/** Base paths: the client is served under `/viewer/`, the API under `/viewer/api`. */
export const BASE_PATH = '/viewer/';
export const API_BASE = '/viewer/api';

/** Two fixed guest account ids (spec 1 §1). Nobody may create an account with these ids. */
export const MEDIA_GUEST_ID = 'sonic_media_guest';
export const SHARE_GUEST_ID = 'sonic_share_guest';
export const RESERVED_GUEST_IDS: readonly string[] = [MEDIA_GUEST_ID, SHARE_GUEST_ID];

/** Role No 1 is Master; institution No 0 is the installation's own (left out of select options). */
export const MASTER_ROLE_NO = 1;
export const DEFAULT_INSTITUTION_NO = 0;

/** Spec 1 §9 business constants used on both sides. */
export const HEARTBEAT_TICK_MS = 1000;
export const HEARTBEAT_EVERY_TICKS = 10;
export const HEARTBEAT_OFFLINE_AFTER_FAILURES = 5;
export const INACTIVITY_THRESHOLD_S = 4;
export const SERVER_STATUS_REFRESH_MS = 30_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const COPY_CONFIRMATION_MS = 1000;
export const DOUBLE_TAP_MS = 350;
export const BREAKPOINT_TABLET_PX = 576;
export const BREAKPOINT_PC_PX = 768;
