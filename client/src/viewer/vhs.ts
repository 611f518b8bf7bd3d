/**
 * The vertebral heart score (VHS) of a lateral thoracic radiograph, as veterinary readers measure
 * it (docs/decisions.md "VHS"): the heart's long axis and short axis, each expressed in vertebral
 * body lengths read from the cranial edge of T4, to 0.1 vertebra, and summed. The reader marks the
 * vertebral reference as one line from the cranial edge of T4 over a whole number of vertebrae
 * (four by default: T4 to the cranial edge of T8); one vertebra is that line's length divided by
 * the count. Pure arithmetic, shared by the viewer's tool, its dialog and the report.
 */

/** How many vertebrae the reference line may span, and the count it starts with. */
export const VHS_VERTEBRAE = { min: 1, max: 10, initial: 4 } as const;

export const VHS_SPECIES = ['dog', 'cat'] as const;
export type VhsSpecies = (typeof VHS_SPECIES)[number];

/**
 * Reference intervals (mean ± 2 SD of the published normal animals; sources named in
 * docs/decisions.md "VHS"): dogs 9.7 ± 0.5 v, cats 7.5 ± 0.3 v. Breed-specific intervals differ.
 */
export const VHS_REFERENCE: Record<VhsSpecies, { low: number; high: number }> = {
  dog: { low: 8.7, high: 10.7 },
  cat: { low: 6.9, high: 8.1 },
};

/** What the reader chose for one VHS: the reference's vertebra count and the species. */
export interface VhsOptions {
  vertebrae: number;
  species: VhsSpecies;
}

export const DEFAULT_VHS_OPTIONS: VhsOptions = { vertebrae: VHS_VERTEBRAE.initial, species: 'dog' };

/**
 * The species a PatientSpeciesDescription (0010,2201) names, as veterinary modalities write it
 * ("Canine", "Canis lupus familiaris", "Feline", "Felis catus", "Cat"); null for anything else.
 */
export function speciesOfDescription(description: string): VhsSpecies | null {
  const text = description.toLowerCase();
  if (/\b(feli(s|ne|dae)|cat)\b/.test(text)) return 'cat';
  if (/\b(cani(s|ne|dae)|dog)\b/.test(text)) return 'dog';
  return null;
}

export interface VhsScore {
  /** Long and short axis in vertebrae, each rounded to 0.1 (the longer of the two axes is the long one). */
  long: number;
  short: number;
  /** long + short: the sum of the rounded parts, so the report's figures add up. */
  score: number;
  /** One vertebra, in the unit of the lengths given (mm on a calibrated image). */
  vertebra: number;
}

/** Lengths below this (in mm, or pixels without spacing) are a click, not a line. */
const MIN_LENGTH = 1e-3;

const round1 = (value: number) => Math.round(value * 10) / 10;

export function isVhsOptions(value: unknown): value is VhsOptions {
  if (!value || typeof value !== 'object') return false;
  const { vertebrae, species } = value as Partial<VhsOptions>;
  return (
    Number.isInteger(vertebrae) &&
    (vertebrae as number) >= VHS_VERTEBRAE.min &&
    (vertebrae as number) <= VHS_VERTEBRAE.max &&
    (VHS_SPECIES as readonly unknown[]).includes(species)
  );
}

/**
 * The score of two heart axes and a vertebral reference spanning `vertebrae` vertebrae, all three
 * lengths in the same unit. Null for degenerate input: a length that is not a positive finite
 * number (a line of one point), or a vertebra count outside 1–10 or not whole.
 */
export function vhsScore(axisA: number, axisB: number, reference: number, vertebrae: number): VhsScore | null {
  const lengths = [axisA, axisB, reference];
  if (lengths.some((length) => !Number.isFinite(length) || length < MIN_LENGTH)) return null;
  if (!Number.isInteger(vertebrae) || vertebrae < VHS_VERTEBRAE.min || vertebrae > VHS_VERTEBRAE.max) return null;
  const vertebra = reference / vertebrae;
  const long = round1(Math.max(axisA, axisB) / vertebra);
  const short = round1(Math.min(axisA, axisB) / vertebra);
  return { long, short, score: round1(long + short), vertebra };
}

type Point = readonly number[];

/** Lengths of the lines a VHS annotation's points draw: points 0–1 first axis, 2–3 second, 4–5 the reference. */
export function segmentLengths(points: readonly Point[]): number[] {
  const lengths: number[] = [];
  for (let i = 0; i + 1 < points.length; i += 2) {
    const a = points[i] ?? [];
    const b = points[i + 1] ?? [];
    lengths.push(Math.hypot((b[0] ?? 0) - (a[0] ?? 0), (b[1] ?? 0) - (a[1] ?? 0), (b[2] ?? 0) - (a[2] ?? 0)));
  }
  return lengths;
}

/** The score of a VHS annotation's points (world coordinates, mm), or null until its three lines are drawn. */
export function vhsOfPoints(points: readonly Point[], options: VhsOptions): VhsScore | null {
  if (points.length < 6) return null;
  const [a = 0, b = 0, reference = 0] = segmentLengths(points);
  return vhsScore(a, b, reference, options.vertebrae);
}

/** Where a score lies against the species' reference interval. */
export function vhsRange(score: number, species: VhsSpecies): 'below' | 'within' | 'above' {
  const { low, high } = VHS_REFERENCE[species];
  return score < low ? 'below' : score > high ? 'above' : 'within';
}

/** A VHS as saved with the annotations (the `Data` JSON of a row of tool VHS_TOOL_NAME). */
export function vhsOfStored(data: unknown): (VhsScore & { options: VhsOptions }) | null {
  let stored: unknown = data;
  try {
    if (typeof data === 'string') stored = JSON.parse(data);
  } catch {
    return null;
  }
  const parts = stored as { metadata?: { vhs?: unknown }; data?: { handles?: { points?: unknown } } } | null;
  const points = parts?.data?.handles?.points;
  if (!Array.isArray(points) || !points.every((point) => Array.isArray(point) && point.every((n) => typeof n === 'number'))) return null;
  const options = isVhsOptions(parts?.metadata?.vhs) ? parts.metadata.vhs : DEFAULT_VHS_OPTIONS;
  const score = vhsOfPoints(points as number[][], options);
  return score ? { ...score, options } : null;
}

/** The Cornerstone tool name VHS annotations are saved under. */
export const VHS_TOOL_NAME = 'VertebralHeartScore';
