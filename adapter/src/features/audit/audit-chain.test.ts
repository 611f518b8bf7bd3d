import { describe, expect, it } from 'vitest';
import { canonicalJson, chainHash, GENESIS_HASH, type ChainRecord } from './audit-chain.ts';

const record: ChainRecord = {
  id: 1,
  at: new Date('2026-01-02T03:04:05.678Z'),
  accountId: 'admin',
  share: null,
  ip: '127.0.0.1',
  action: 'study_view',
  outcome: 'success',
  studyInstanceUid: '1.2.3',
  patientId: 'P1',
  patientName: 'Doe^Jane',
  details: { b: 1, a: { d: [1, 2], c: 'x' } },
};

describe('audit chain', () => {
  it('writes details with sorted keys, so that jsonb key order does not change a hash', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, 2], c: 'x' } })).toBe('{"a":{"c":"x","d":[1,2]},"b":1}');
    expect(chainHash(GENESIS_HASH, record)).toBe(chainHash(GENESIS_HASH, { ...record, details: { a: { c: 'x', d: [1, 2] }, b: 1 } }));
  });

  it('changes the hash when any field or the previous hash changes', () => {
    const base = chainHash(GENESIS_HASH, record);
    expect(base).toMatch(/^[0-9a-f]{64}$/);
    expect(chainHash('1'.repeat(64), record)).not.toBe(base);
    expect(chainHash(GENESIS_HASH, { ...record, ip: '10.0.0.1' })).not.toBe(base);
    expect(chainHash(GENESIS_HASH, { ...record, at: new Date('2026-01-02T03:04:05.679Z') })).not.toBe(base);
    expect(chainHash(GENESIS_HASH, { ...record, patientName: null })).not.toBe(base);
  });
});
