import { describe, expect, it } from 'vitest';
import { mergeAeTitles, nodeFieldProblem } from './network.ts';
import { MESSAGES } from './validation.ts';

describe('AE title suggestions', () => {
  it('merges the lists without duplicates in any case, sorted case-insensitively', () => {
    expect(mergeAeTitles(['CT_2', 'mr1', 'CT_10'], ['MR1', 'ct_2', 'Angio', ''])).toEqual(['Angio', 'CT_10', 'CT_2', 'mr1']);
  });
});

describe('node field rules', () => {
  it('answers the spec’s messages', () => {
    expect(nodeFieldProblem('AETitle', 'CT\\1')).toBe(MESSAGES.invalid);
    expect(nodeFieldProblem('AETitle', 'A'.repeat(17))).toBe(MESSAGES.invalid);
    expect(nodeFieldProblem('AETitle', 'A'.repeat(16))).toBeNull();
    expect(nodeFieldProblem('Port', 0)).toBe(MESSAGES.invalid);
    expect(nodeFieldProblem('Port', '70000')).toBe(MESSAGES.invalid);
    expect(nodeFieldProblem('Port', '104')).toBeNull();
    expect(nodeFieldProblem('IPAddress', '256.1.1.1')).toBe(MESSAGES.invalid);
    expect(nodeFieldProblem('IPAddress', '')).toBe(MESSAGES.required);
  });
});
