/**
 * The follower's failure handling (issue 13 item 3): a change that cannot be applied is recorded
 * and passed after a few attempts; Orthanc or PostgreSQL away is waited out, never skipped. The
 * indexer, Orthanc and the database are fakes here: what is tested is the follower's decisions.
 */
import { describe, expect, it } from 'vitest';
import { indexIsBehind } from '@pacs/common';
import type { Db } from '../db/pool.ts';
import { OrthancUnavailableError } from '../http/errors.ts';
import { OrthancAnswerError, type OrthancChange, type OrthancClient } from '../orthanc/client.ts';
import { ChangesFollower, isTransient, type IndexWriter } from './follower.ts';
import { emptyBatch, type Batch } from './indexer.ts';

const change = (seq: number): OrthancChange => ({
  Seq: seq,
  ChangeType: 'NewInstance',
  ResourceType: 'Instance',
  ID: `instance-${seq}`,
  Path: `/instances/instance-${seq}`,
  Date: '20260101T000000',
});

/** A database error as node-postgres raises it. */
function pgError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

/** An index whose `collect` fails for some changes with the given error; it records what it applied. */
function fakeIndex(failFor: (change: OrthancChange) => Error | undefined) {
  const state = { cursor: 0 as number | null, applied: [] as string[], skipped: [] as number[], errors: [] as string[] };
  const indexer: IndexWriter = {
    async collect(changes) {
      for (const c of changes) {
        const error = failFor(c);
        if (error) throw error;
      }
      const batch: Batch = emptyBatch();
      batch.deleted.push(...changes.map((c) => ({ level: c.ResourceType, orthancId: c.ID })));
      return batch;
    },
    async write(batch, cursor) {
      state.applied.push(...batch.deleted.map((d) => d.orthancId));
      if (cursor !== null) state.cursor = cursor;
      return [];
    },
    async readCursor() {
      return state.cursor;
    },
    async skip(c, _error, cursor) {
      state.skipped.push(c.Seq);
      if (cursor !== null) state.cursor = cursor;
    },
    async noteError(error) {
      state.errors.push(error instanceof Error ? error.message : String(error));
    },
    collectStudy: async () => undefined,
    removeOlderThan: async () => undefined,
    forgetSkippedBefore: async () => undefined,
  };
  return { indexer, state };
}

/** Orthanc's /changes over a fixed log. */
function fakeOrthanc(log: OrthancChange[]): OrthancClient {
  return {
    getChanges: async (since: number, limit: number) => {
      const changes = log.filter((c) => c.Seq > since).slice(0, limit);
      const last = log.at(-1)?.Seq ?? 0;
      return { Changes: changes, Done: changes.at(-1)?.Seq === last || changes.length === 0, Last: last };
    },
  } as unknown as OrthancClient;
}

const db = {} as Db;

describe('ChangesFollower', () => {
  it('retries a failing page a few times, then applies it change by change, recording and passing the bad one', async () => {
    const log = [change(1), change(2), change(3)];
    const { indexer, state } = fakeIndex((c) =>
      c.Seq === 2 ? pgError('23505', 'duplicate key value violates unique constraint "studies_study_instance_uid_key"') : undefined,
    );
    const follower = new ChangesFollower(fakeOrthanc(log), db, { indexer });
    await expect(follower.step()).rejects.toThrow(/duplicate key/);
    await expect(follower.step()).rejects.toThrow(/duplicate key/);
    expect(state.cursor).toBe(0);
    expect(state.skipped).toEqual([]);
    // Third attempt: change by change.
    await expect(follower.step()).resolves.toBe(false);
    expect(state.applied).toEqual(['instance-1', 'instance-3']);
    expect(state.skipped).toEqual([2]);
    expect(state.cursor).toBe(3);
    // Later changes flow normally.
    log.push(change(4));
    await follower.step();
    expect(state.applied).toEqual(['instance-1', 'instance-3', 'instance-4']);
    expect(state.cursor).toBe(4);
  });

  it('waits for a hole in the change numbers (another node still committing) before passing it', async () => {
    // Change 3 of another Orthanc node commits after change 4 is visible.
    const log = [change(1), change(2), change(4)];
    const { indexer, state } = fakeIndex(() => undefined);
    let now = 1_000_000;
    const realNow = Date.now;
    Date.now = () => now;
    try {
      const follower = new ChangesFollower(fakeOrthanc(log), db, { indexer, gapGraceMs: 10_000 });
      await expect(follower.step()).resolves.toBe(false);
      expect(state.cursor).toBe(2);
      log.splice(2, 0, change(3));
      await follower.step();
      expect(state.applied).toEqual(['instance-1', 'instance-2', 'instance-3', 'instance-4']);
      // A number that never appears (a rolled-back transaction) is passed once the grace is over.
      log.push(change(6));
      await expect(follower.step()).resolves.toBe(false);
      expect(state.cursor).toBe(4);
      now += 10_000;
      await follower.step();
      expect(state.cursor).toBe(6);
      expect(state.applied.at(-1)).toBe('instance-6');
    } finally {
      Date.now = realNow;
    }
  });

  it('never skips while Orthanc or PostgreSQL is away: the same page is retried', async () => {
    for (const outage of [
      new OrthancUnavailableError(new Error('connect ECONNREFUSED')),
      pgError('57P01', 'terminating connection due to administrator command'),
      pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      new OrthancAnswerError('/instances/x', 503, 'busy'),
    ]) {
      let away = true;
      const { indexer, state } = fakeIndex((c) => (away && c.Seq === 2 ? outage : undefined));
      const follower = new ChangesFollower(fakeOrthanc([change(1), change(2), change(3)]), db, { indexer });
      for (let attempt = 0; attempt < 10; attempt++) await expect(follower.step()).rejects.toBe(outage);
      expect(state.skipped).toEqual([]);
      expect(state.cursor).toBe(0);
      away = false;
      await follower.step();
      expect(state.applied).toEqual(['instance-1', 'instance-2', 'instance-3']);
      expect(state.cursor).toBe(3);
    }
  });

  it('an outage during change-by-change application stops there, keeping what was applied', async () => {
    let outage = false;
    const { indexer, state } = fakeIndex((c) => {
      if (c.Seq === 1) return new Error('Cannot read properties of undefined');
      if (c.Seq === 3 && outage) return new OrthancUnavailableError(new Error('gone'));
      return undefined;
    });
    const follower = new ChangesFollower(fakeOrthanc([change(1), change(2), change(3)]), db, { indexer });
    await expect(follower.step()).rejects.toThrow();
    await expect(follower.step()).rejects.toThrow();
    outage = true;
    await expect(follower.step()).rejects.toBeInstanceOf(OrthancUnavailableError);
    expect(state.skipped).toEqual([1]);
    expect(state.applied).toEqual(['instance-2']);
    expect(state.cursor).toBe(2);
    outage = false;
    await follower.step();
    expect(state.applied).toEqual(['instance-2', 'instance-3']);
    expect(state.skipped).toEqual([1]);
    expect(state.cursor).toBe(3);
  });
});

describe('isTransient', () => {
  it('tells an outage from a change that cannot be applied', () => {
    expect(isTransient(new OrthancUnavailableError(new Error('x')))).toBe(true);
    expect(isTransient(pgError('08006', 'connection failure'))).toBe(true);
    expect(isTransient(pgError('40001', 'could not serialize access'))).toBe(true);
    expect(isTransient(new OrthancAnswerError('/x', 503, ''))).toBe(true);
    expect(isTransient(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isTransient(pgError('23505', 'duplicate key'))).toBe(false);
    expect(isTransient(pgError('22P05', 'unsupported Unicode escape sequence'))).toBe(false);
    expect(isTransient(new OrthancAnswerError('/x', 500, 'bad file'))).toBe(false);
    expect(isTransient(new TypeError('x is undefined'))).toBe(false);
  });
});

describe('indexIsBehind', () => {
  const base = {
    Cursor: 10,
    LastChange: 10,
    LagChanges: 0,
    LastAppliedAt: null,
    SecondsSinceApplied: 3600,
    LastError: '',
    LastErrorAt: null,
    SkippedChanges: 0,
    LastSkippedAt: null,
    RecentSkipped: [],
  };
  it('is behind when changes wait with nothing applied for a while, or very many wait, or while rebuilding', () => {
    expect(indexIsBehind(base)).toBe(false);
    expect(indexIsBehind({ ...base, LastChange: 12, LagChanges: 2, SecondsSinceApplied: 1 })).toBe(false);
    expect(indexIsBehind({ ...base, LastChange: 12, LagChanges: 2, SecondsSinceApplied: 45 })).toBe(true);
    expect(indexIsBehind({ ...base, LastChange: 5000, LagChanges: 4990, SecondsSinceApplied: 0 })).toBe(true);
    expect(indexIsBehind({ ...base, Cursor: null, LagChanges: null })).toBe(true);
  });
});
