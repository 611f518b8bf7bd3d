/** The quick search's LIKE patterns (the searches themselves run in test/api/patients.test.ts). */
import { describe, expect, it } from 'vitest';
import { likePattern } from './patients.sql.ts';

describe('likePattern', () => {
  it('opens the ends each match type leaves open, upper-cased', () => {
    expect(likePattern({ type: 'partial', value: 'ab' })).toBe('%AB%');
    expect(likePattern({ type: 'perfect', value: 'ab' })).toBe('AB');
    expect(likePattern({ type: 'forward', value: 'ab' })).toBe('AB%');
    expect(likePattern({ type: 'backward', value: 'ab' })).toBe('%AB');
  });

  it('escapes %, _ and \\ of the text so they match only themselves', () => {
    expect(likePattern({ type: 'partial', value: '50%_a\\b' })).toBe('%50\\%\\_A\\\\B%');
    expect(likePattern({ type: 'perfect', value: '%' })).toBe('\\%');
  });
});
