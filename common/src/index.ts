export * from './product.ts';
export * from './errors.ts';
export * from './permissions.ts';
export * from './api.ts';
export * from './json-path.ts';
export * from './validation.ts';
export * from './configs/index.ts';
export * from './settings/index.ts';
