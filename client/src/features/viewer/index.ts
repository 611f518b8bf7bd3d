/**
 * The viewer's public entry: what other features may use of it. Keep it light: the viewer's
 * screens load lazily through the router, and anything exported here lands in the importer's chunk.
 */
export { useKeyImages } from './api/key-images.ts';
export { getAnnotationsQueryOptions } from './api/annotations.ts';
