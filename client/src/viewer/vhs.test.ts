import { describe, expect, it } from 'vitest';
import { segmentLengths, speciesOfDescription, vhsOfPoints, vhsOfStored, vhsRange, vhsScore, VHS_TOOL_NAME } from './vhs.ts';

describe('vhsScore', () => {
  it('counts each axis in vertebrae of the T4 reference, to 0.1, and sums the rounded parts', () => {
    // Four vertebrae over 80 mm: one vertebra is 20 mm.
    expect(vhsScore(112, 92, 80, 4)).toEqual({ long: 5.6, short: 4.6, score: 10.2, vertebra: 20 });
  });

  it('rounds each axis to the nearest tenth before adding', () => {
    // 5.66 v → 5.7 and 4.64 v → 4.6: the score is 10.3, not round(10.30).
    const score = vhsScore(113.2, 92.8, 80, 4);
    expect(score?.long).toBe(5.7);
    expect(score?.short).toBe(4.6);
    expect(score?.score).toBe(10.3);
    // 0.1 + 0.2 in binary is 0.30000000000000004: the sum is rounded too.
    expect(vhsScore(2, 4, 20, 1)?.score).toBe(0.3);
  });

  it('calls the longer axis the long one, whichever was drawn first', () => {
    expect(vhsScore(92, 112, 80, 4)).toEqual(vhsScore(112, 92, 80, 4));
  });

  it('uses the vertebra count of the reference', () => {
    // The same 100 mm reference as five vertebrae (20 mm each) or as one (100 mm).
    expect(vhsScore(100, 80, 100, 5)?.score).toBe(9);
    expect(vhsScore(100, 80, 100, 1)?.score).toBe(1.8);
  });

  it('does not depend on the unit: pixels or millimetres give the same score', () => {
    const spacing = 0.139;
    expect(vhsScore(400, 330, 290, 4)).toMatchObject({ long: 5.5, short: 4.6, score: 10.1 });
    expect(vhsScore(400 * spacing, 330 * spacing, 290 * spacing, 4)).toMatchObject({ long: 5.5, short: 4.6, score: 10.1 });
  });

  it('rejects degenerate input', () => {
    expect(vhsScore(0, 90, 80, 4), 'an axis of one point').toBeNull();
    expect(vhsScore(100, 90, 0, 4), 'a reference of one point').toBeNull();
    expect(vhsScore(-100, 90, 80, 4)).toBeNull();
    expect(vhsScore(Number.NaN, 90, 80, 4)).toBeNull();
    expect(vhsScore(100, Number.POSITIVE_INFINITY, 80, 4)).toBeNull();
    expect(vhsScore(100, 90, 80, 0), 'no vertebra').toBeNull();
    expect(vhsScore(100, 90, 80, 11), 'more than ten').toBeNull();
    expect(vhsScore(100, 90, 80, 2.5), 'not whole').toBeNull();
  });
});

describe('VHS of an annotation', () => {
  const points = [
    [0, 0, 0],
    [60, 80, 0], // 100
    [10, 10, 0],
    [10, 90, 0], // 80
    [0, 200, 5],
    [80, 200, 5], // 80
  ];

  it('measures its lines in pairs of points, in world millimetres', () => {
    expect(segmentLengths(points)).toEqual([100, 80, 80]);
    expect(segmentLengths(points.slice(0, 3))).toEqual([100]);
  });

  it('has no score before its three lines are drawn', () => {
    expect(vhsOfPoints(points.slice(0, 4), { vertebrae: 4, species: 'dog' })).toBeNull();
    expect(vhsOfPoints(points, { vertebrae: 4, species: 'dog' })?.score).toBe(9);
  });

  it('reads a saved row, with its options or the defaults', () => {
    const data = JSON.stringify({
      metadata: { toolName: VHS_TOOL_NAME, vhs: { vertebrae: 5, species: 'cat' } },
      data: { handles: { points } },
    });
    expect(vhsOfStored(data)).toMatchObject({ long: 6.3, short: 5, score: 11.3, options: { vertebrae: 5, species: 'cat' } });
    const plain = { metadata: { vhs: { vertebrae: 99, species: 'horse' } }, data: { handles: { points } } };
    expect(vhsOfStored(plain)?.options).toEqual({ vertebrae: 4, species: 'dog' });
    expect(vhsOfStored('{not json')).toBeNull();
    expect(vhsOfStored({ data: { handles: { points: [['a']] } } })).toBeNull();
    expect(vhsOfStored(null)).toBeNull();
  });
});

describe('vhsRange', () => {
  it('places a score against the species interval', () => {
    expect(vhsRange(9.7, 'dog')).toBe('within');
    expect(vhsRange(10.7, 'dog')).toBe('within');
    expect(vhsRange(10.8, 'dog')).toBe('above');
    expect(vhsRange(8.6, 'dog')).toBe('below');
    expect(vhsRange(8.1, 'cat')).toBe('within');
    expect(vhsRange(8.2, 'cat')).toBe('above');
  });
});

describe('speciesOfDescription', () => {
  it('reads the species veterinary modalities write in PatientSpeciesDescription', () => {
    expect(speciesOfDescription('Canis lupus familiaris')).toBe('dog');
    expect(speciesOfDescription('CANINE')).toBe('dog');
    expect(speciesOfDescription('Dog')).toBe('dog');
    expect(speciesOfDescription('Felis catus')).toBe('cat');
    expect(speciesOfDescription('Feline')).toBe('cat');
    expect(speciesOfDescription('cat')).toBe('cat');
    expect(speciesOfDescription('Equine')).toBeNull();
    expect(speciesOfDescription('Catalan')).toBeNull();
    expect(speciesOfDescription('')).toBeNull();
  });
});
