/** Per-user settings: shape, defaults and the schema migration chain (spec 2 §3, §4, §9). */
export * from './defaults.ts';
export * from './migrations.ts';
export * from './upgrade.ts';

import type { UserSettings } from './defaults.ts';

/** `GET /service/settings`. */
export interface SettingsResponse {
  Id: string;
  Settings: UserSettings;
}
