/** How a forward reads Orthanc's job (the jobs themselves run in test/api/forward.test.ts). */
import { describe, expect, it } from 'vitest';
import { progressOf } from './forward.service.ts';

describe('forward progress', () => {
  it('reads a running job as its percentage, unfinished', () => {
    expect(progressOf({ ID: 'j', State: 'Running', Progress: 42.4 }, 240)).toEqual({
      state: 'running',
      progress: 42,
      instancesFailed: 0,
      error: '',
      finished: false,
    });
  });

  it('says how far a failed job got, and why', () => {
    expect(progressOf({ ID: 'j', State: 'Failure', Progress: 25, ErrorDescription: 'Error in the network protocol' }, 240)).toMatchObject({
      state: 'failure',
      progress: 25,
      finished: true,
      error: 'Stopped after 60 of 240 instances: Error in the network protocol.',
    });
  });

  it('counts a job that delivered nothing as failed even when Orthanc says Success', () => {
    expect(progressOf({ ID: 'j', State: 'Success', Progress: 100, Content: { FailedInstancesCount: 3 } }, 3)).toMatchObject({
      state: 'failure',
      instancesFailed: 3,
      finished: true,
    });
  });

  it('closes a job Orthanc no longer knows as failed', () => {
    expect(progressOf(undefined, 10)).toMatchObject({ state: 'failure', finished: true, error: expect.stringContaining('restarted') });
  });
});
