/** The security feature's public entry: what other features may use. */
export { usePasswordConfig } from './api/get-password-config.ts';
export { useUnlockAccount } from './api/unlock-account.ts';
