/**
 * Whether a series can be reconstructed in other planes (MPR), with the viewer message of spec 1
 * §8 when it cannot. Checked in this order: at least two images, a usable PixelSpacing, axial
 * slices, and slices parallel to each other.
 */
export interface SliceGeometry {
  /** ImageOrientationPatient: row then column direction cosines. */
  orientation: readonly number[] | null | undefined;
  pixelSpacing: readonly number[] | null | undefined;
}

export type MprProblem = 'two_images' | 'pixel_spacing' | 'axial' | 'parallel';

/** Tolerance on direction cosines: about half a degree. */
const EPSILON = 0.01;

function cross(a: readonly number[], b: readonly number[]): [number, number, number] {
  const [a0 = 0, a1 = 0, a2 = 0] = a;
  const [b0 = 0, b1 = 0, b2 = 0] = b;
  return [a1 * b2 - a2 * b1, a2 * b0 - a0 * b2, a0 * b1 - a1 * b0];
}

/** The slice normal (row × column), or null for a missing or malformed orientation. */
export function sliceNormal(orientation: readonly number[] | null | undefined): [number, number, number] | null {
  if (!orientation || orientation.length !== 6 || orientation.some((value) => !Number.isFinite(value))) return null;
  const normal = cross(orientation.slice(0, 3), orientation.slice(3, 6));
  const length = Math.hypot(...normal);
  if (length < 0.5) return null;
  return normal.map((value) => value / length) as [number, number, number];
}

export function checkMpr(slices: readonly SliceGeometry[]): MprProblem | null {
  if (slices.length < 2) return 'two_images';
  const spacingOk = (spacing: SliceGeometry['pixelSpacing']) =>
    !!spacing && spacing.length >= 2 && spacing.slice(0, 2).every((value) => Number.isFinite(value) && value > 0);
  if (!slices.every((slice) => spacingOk(slice.pixelSpacing))) return 'pixel_spacing';
  const normals = slices.map((slice) => sliceNormal(slice.orientation));
  const first = normals[0];
  // Axial: the normal runs along the patient's head-feet axis.
  if (!first || Math.abs(Math.abs(first[2]) - 1) > EPSILON) return 'axial';
  for (const normal of normals) {
    if (!normal) return 'parallel';
    const dot = normal[0] * first[0] + normal[1] * first[1] + normal[2] * first[2];
    if (Math.abs(Math.abs(dot) - 1) > EPSILON * EPSILON) return 'parallel';
  }
  return null;
}
