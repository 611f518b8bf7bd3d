import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { followerAgent, orthancAgent, ORTHANC_CONNECTIONS, proxyAgent } from './agent.ts';

const config = readFileSync(new URL('../../../orthanc-config/orthanc.jsonc', import.meta.url), 'utf8');

describe('connections to Orthanc', () => {
  it('never take every one of its HTTP threads, whatever the browsers do', () => {
    const threads = Number(/"HttpThreadsCount":\s*(\d+)/.exec(config)?.[1]);
    expect(threads).toBeGreaterThan(0);
    const total = ORTHANC_CONNECTIONS.proxy + ORTHANC_CONNECTIONS.requests + ORTHANC_CONNECTIONS.follower;
    expect(total).toBeLessThan(threads);
  });

  it('keeps the follower and the adapter’s own calls out of the proxy’s pool', () => {
    expect(proxyAgent.maxSockets).toBe(ORTHANC_CONNECTIONS.proxy);
    expect(orthancAgent.maxSockets).toBe(ORTHANC_CONNECTIONS.requests);
    expect(followerAgent.maxSockets).toBe(ORTHANC_CONNECTIONS.follower);
    expect(new Set([proxyAgent, orthancAgent, followerAgent]).size).toBe(3);
  });
});
