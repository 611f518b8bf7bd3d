/** The configs feature's public entry: what other features may use. */
export { configsQueryKey, getConfigs } from './api/get-configs.ts';
export { postInitConfigs } from './api/init-configs.ts';
export { useReplaceConfigs } from './api/replace-configs.ts';
export { forgetTimeZonePrompt, takeTimeZonePrompt } from './time-zone-prompt.ts';
export { SiteBrand, useSiteFavicon } from './components/site-brand.tsx';
