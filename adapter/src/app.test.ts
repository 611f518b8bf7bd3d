/**
 * Every route the app answers under /viewer/api was declared through mountRoutes with an access
 * level. The test walks Express's own router, so a route added any other way fails it.
 */
import { describe, expect, it } from 'vitest';
import { isPermissionKey } from '@pacs/common';
import { API_ROUTES, buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import type { Deps } from './deps.ts';

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

function collectRoutes(stack: Layer[], found: string[] = []): string[] {
  for (const layer of stack) {
    if (layer.route) {
      for (const [method, on] of Object.entries(layer.route.methods))
        if (on && method !== '_all') found.push(`${method} ${layer.route.path}`);
    } else if (layer.handle?.stack) {
      collectRoutes(layer.handle.stack, found);
    }
  }
  return found;
}

// Only the configuration is read while the app is built; handlers never run here.
const deps = { config: loadConfig({ PG_PASSWORD: 'x', ORTHANC_PASSWORD: 'x', CLIENT_DIR: '/nonexistent' }) } as unknown as Deps;

describe('route declarations', () => {
  it('every route under /viewer/api declares its access', () => {
    const { app, routes } = buildApp(deps);
    const answered = collectRoutes((app as unknown as { router: { stack: Layer[] } }).router.stack).filter(
      (route) => !route.endsWith(' /'),
    );
    const declared = routes.map((route) => `${route.method} ${route.path}`);
    expect(answered.length).toBeGreaterThan(10);
    expect(answered.sort()).toEqual(declared.sort());
    for (const route of routes) {
      const keys = typeof route.access === 'string' ? [route.access] : route.access;
      const valid = keys.length > 0 && keys.every((key) => key === 'public' || key === 'signed' || isPermissionKey(key));
      expect(valid, `${route.method} ${route.path}`).toBe(true);
      expect(route.summary.length, `${route.method} ${route.path} has a summary`).toBeGreaterThan(0);
    }
  });

  it('declares each method and path once', () => {
    const keys = API_ROUTES.map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('keeps public routes to the ones that must work before sign-in', () => {
    const open = API_ROUTES.filter((route) => route.access === 'public').map((route) => `${route.method} ${route.path}`);
    // Single sign-on's button and its start are needed before sign-in too (features/integration),
    // and the site's logo and favicon, which the sign-in page shows (features/configs), and a
    // medical device's identification beside the product information (features/devices); and a
    // connector's own call, which signs in with its Id and key rather than a session (features/network/connectors.routes.ts).
    expect(open.sort()).toEqual([
      'get /files/:name',
      'get /login',
      'get /md/barcode',
      'get /md/number',
      'get /oidc/provider',
      'get /oidc/start',
      'get /product/imagefiles',
      'get /product/info',
      'get /state',
      'post /connectors/settings',
      'post /login',
    ]);
  });
});
