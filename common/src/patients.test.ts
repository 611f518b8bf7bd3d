import { describe, expect, it } from 'vitest';
import type { MatchType } from './configs/types.ts';
import { formatPatientTerm, normalizePatientInput, parsePatientTerm, patientFieldProblem, patientInputProblems } from './patients.ts';
import { MESSAGES } from './validation.ts';

const TYPES: MatchType[] = ['partial', 'perfect', 'forward', 'backward'];

describe('quick search terms (spec 2 §7)', () => {
  it('writes the spec notation: partial **%x%, perfect x, forward **x%, backward **%x', () => {
    expect(TYPES.map((type) => formatPatientTerm(' ABC ', type))).toEqual(['**%ABC%', 'ABC', '**ABC%', '**%ABC']);
    expect(formatPatientTerm('   ', 'partial')).toBe('');
  });

  it('reads the notation back', () => {
    expect(parsePatientTerm('**%ABC%')).toEqual({ type: 'partial', value: 'ABC' });
    expect(parsePatientTerm('ABC')).toEqual({ type: 'perfect', value: 'ABC' });
    expect(parsePatientTerm('**ABC%')).toEqual({ type: 'forward', value: 'ABC' });
    expect(parsePatientTerm('**%ABC')).toEqual({ type: 'backward', value: 'ABC' });
    expect(parsePatientTerm('**ABC')).toEqual({ type: 'perfect', value: 'ABC' });
  });

  it('round-trips every match type of text holding %, _, \\ and a leading **', () => {
    for (const text of ['50%', '%50', 'A_B', 'a\\b', '%', '**X', 'x%y', '\\%']) {
      for (const type of TYPES) expect(parsePatientTerm(formatPatientTerm(text, type))).toEqual({ type, value: text });
    }
  });

  it('keeps % and _ inside a perfect term literal', () => {
    expect(parsePatientTerm('50%')).toEqual({ type: 'perfect', value: '50%' });
    expect(parsePatientTerm('A_B')).toEqual({ type: 'perfect', value: 'A_B' });
  });

  it('reads a blank term, or one of anchors only, as no filter', () => {
    for (const term of ['', '  ', '**', '**%', '**%%']) expect(parsePatientTerm(term)).toBeNull();
  });
});

describe('patient fields (spec 1 §5, DICOM lengths)', () => {
  it('needs an ID without backslash, at most 64 characters', () => {
    expect(patientFieldProblem('ID', '')).toBe(MESSAGES.required);
    expect(patientFieldProblem('ID', '  ')).toBe(MESSAGES.required);
    expect(patientFieldProblem('ID', undefined)).toBe(MESSAGES.invalid);
    expect(patientFieldProblem('ID', 'A\\B')).toBe(MESSAGES.invalid);
    expect(patientFieldProblem('ID', 'x'.repeat(65))).toBe(MESSAGES.max_length(64));
    expect(patientFieldProblem('ID', 'x'.repeat(64))).toBeNull();
  });

  it('takes Sex M, F, O or empty, and real calendar dates', () => {
    expect(['M', 'F', 'O', ''].map((sex) => patientFieldProblem('Sex', sex))).toEqual([null, null, null, null]);
    expect(patientFieldProblem('Sex', 'X')).toBe(MESSAGES.invalid);
    for (const date of ['19600101', '1960-01-01', '1960/01/01', '']) expect(patientFieldProblem('BirthDate', date)).toBeNull();
    for (const date of ['2024-13-01', '20230229', 'soon']) expect(patientFieldProblem('BirthDate', date)).toBe(MESSAGES.invalid);
  });

  it('bounds a name to 64 characters per component group and three groups', () => {
    expect(patientFieldProblem('Name', 'DOE^JOHN')).toBeNull();
    expect(patientFieldProblem('Name', `${'A'.repeat(64)}=${'B'.repeat(64)}=${'C'.repeat(64)}`)).toBeNull();
    expect(patientFieldProblem('Name', 'A'.repeat(65))).toBe(MESSAGES.max_length(64));
    expect(patientFieldProblem('Name', 'A'.repeat(195))).toBe(MESSAGES.max_length(194));
    expect(patientFieldProblem('Name', 'A=B=C=D')).toBe(MESSAGES.invalid);
  });

  it('collects every problem and normalizes what it stores', () => {
    expect(patientInputProblems({ ID: '', Sex: 'X', BirthDate: '2024-13-01', Name: 'N', Comments: '' })).toEqual({
      ID: MESSAGES.required,
      Sex: MESSAGES.invalid,
      BirthDate: MESSAGES.invalid,
    });
    expect(normalizePatientInput({ ID: ' P1 ', Name: ' DOE^JANE ', BirthDate: '1970-05-06', Comments: ' note \n' })).toEqual({
      ID: 'P1',
      Name: 'DOE^JANE',
      Sex: '',
      BirthDate: '19700506',
      Comments: ' note',
    });
  });
});
