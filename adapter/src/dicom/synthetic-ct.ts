/**
 * A synthetic chest CT series written as DICOM Part 10 files (explicit VR little endian,
 * uncompressed): one study, one series, 16-bit signed slices in Hounsfield units through
 * RescaleIntercept -1024, with consistent geometry so viewers can build MPR and 3D from it. The
 * product's own sample data (Import sample, features/import/samples.ts) and the demo's
 * (`scripts/demo/generate-ct.ts`, its command line) come from here: no file is downloaded.
 *
 * With a studyUidSeed (--study-uid-seed) the UIDs, accession number and noise are derived from the seed, so the
 * same seed always gives the same study (Orthanc then stores it once) and distinct seeds give
 * distinct studies. Without it every run is a new study.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import dcmjs from 'dcmjs';

export interface CtOptions {
  out: string;
  slices?: number;
  size?: number;
  patientName?: string;
  patientId?: string;
  studyUidSeed?: string;
  /** Study description; the default says what it is. */
  studyDescription?: string;
  /** When the study was made; now when not given. */
  studyDate?: Date;
}

export interface CtResult {
  files: string[];
  studyInstanceUid: string;
  seriesInstanceUid: string;
  seconds: number;
}

const CT_IMAGE_STORAGE = '1.2.840.10008.5.1.4.1.1.2';
const EXPLICIT_VR_LITTLE_ENDIAN = '1.2.840.10008.1.2.1';
const SLICE_THICKNESS_MM = 1.25;
/** The reconstruction field of view: 0.7 mm pixels at 512, scaled for other sizes. */
const FIELD_OF_VIEW_MM = 358.4;
const RESCALE_INTERCEPT = -1024;

/**
 * A DICOM UID in the 2.25 arc (PS3.5 §B.2): a UUID as one decimal number. Name-based (SHA-1, as
 * a version 5 UUID) when a seed is given, random (version 4) otherwise.
 */
export function uuidUid(seed: string | undefined, role: string): string {
  const bytes = seed === undefined ? randomBytes(16) : createHash('sha1').update(`${seed}/${role}`).digest().subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | (seed === undefined ? 0x40 : 0x50);
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  return `2.25.${BigInt(`0x${bytes.toString('hex')}`).toString()}`;
}

/** A small fast PRNG (mulberry32): the phantom's noise must be cheap and reproducible. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function seedNumber(seed: string): number {
  return createHash('sha1').update(seed).digest().readUInt32LE(0);
}

/** Standard normal samples, drawn once; each slice reads them from its own random offset. */
function gaussianTable(size: number, next: () => number): Float32Array {
  const table = new Float32Array(size);
  for (let i = 0; i < size; i += 2) {
    const radius = Math.sqrt(-2 * Math.log(1 - next()));
    const angle = 2 * Math.PI * next();
    table[i] = radius * Math.cos(angle);
    table[i + 1] = radius * Math.sin(angle);
  }
  return table;
}

/** How much of an organ shows at position t (0 = first slice, 1 = last): an ellipsoid profile. */
function profile(t: number, from: number, to: number): number {
  const u = (2 * (t - from)) / (to - from) - 1;
  return Math.abs(u) >= 1 ? 0 : Math.sqrt(1 - u * u);
}

/** Vessels in the lungs: fixed tubes that drift slowly along z, in lung-relative coordinates. */
interface Vessel {
  side: -1 | 1;
  u: number;
  v: number;
  radius: number;
  phase: number;
}

/**
 * Paints one axial slice of the phantom in HU into `hu` (row-major, size × size). Shapes are
 * filled in order, each over the previous ones, on a grid of `spacing` mm centred on the
 * isocentre; `t` is the position along the scan and `z` the table position in mm.
 */
function paintSlice(hu: Float32Array, size: number, spacing: number, t: number, z: number, vessels: readonly Vessel[]): void {
  const half = size / 2;
  /** Fills an ellipse turned by `angle` radians (centre and semi-axes in mm). */
  const turned = (cx: number, cy: number, a: number, b: number, angle: number, value: number): void => {
    const reach = Math.max(a, b);
    const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
    const rowFrom = Math.max(0, Math.ceil((cy - reach) / spacing + half - 0.5));
    const rowTo = Math.min(size - 1, Math.floor((cy + reach) / spacing + half - 0.5));
    const colFrom = Math.max(0, Math.ceil((cx - reach) / spacing + half - 0.5));
    const colTo = Math.min(size - 1, Math.floor((cx + reach) / spacing + half - 0.5));
    for (let row = rowFrom; row <= rowTo; row += 1) {
      const y = (row - half + 0.5) * spacing - cy;
      for (let col = colFrom; col <= colTo; col += 1) {
        const x = (col - half + 0.5) * spacing - cx;
        const u = (x * cos + y * sin) / a;
        const v = (y * cos - x * sin) / b;
        if (u * u + v * v <= 1) hu[row * size + col] = value;
      }
    }
  };
  /** Fills an axis-aligned ellipse (centre and semi-axes in mm); `where` limits it to some HU. */
  const ellipse = (cx: number, cy: number, a: number, b: number, value: number, where?: (current: number) => boolean): void => {
    if (a <= 0 || b <= 0) return;
    const rowFrom = Math.max(0, Math.ceil((cy - b) / spacing + half - 0.5));
    const rowTo = Math.min(size - 1, Math.floor((cy + b) / spacing + half - 0.5));
    for (let row = rowFrom; row <= rowTo; row += 1) {
      const dy = ((row - half + 0.5) * spacing - cy) / b;
      const dx = a * Math.sqrt(Math.max(0, 1 - dy * dy));
      const colFrom = Math.max(0, Math.ceil((cx - dx) / spacing + half - 0.5));
      const colTo = Math.min(size - 1, Math.floor((cx + dx) / spacing + half - 0.5));
      const base = row * size;
      for (let col = colFrom; col <= colTo; col += 1) {
        if (!where || where(hu[base + col] ?? 0)) hu[base + col] = value;
      }
    }
  };
  /** A bone: cortex of `rim` mm around a less dense interior. */
  const bone = (cx: number, cy: number, a: number, b: number, cortex: number, marrow: number, rim = 2): void => {
    ellipse(cx, cy, a, b, cortex);
    ellipse(cx, cy, a - rim, b - rim, marrow);
  };

  hu.fill(-1000);
  // The body narrows towards both ends of the scan; patient left is +x, posterior is +y.
  const grow = Math.sin(Math.PI * (0.25 + 0.6 * t));
  const bodyA = 135 + 35 * grow;
  const bodyB = 95 + 22 * grow;
  ellipse(0, 8, bodyA, bodyB, -100); // subcutaneous fat
  ellipse(0, 10, bodyA - 12, bodyB - 11, 45); // muscle and soft tissue
  // Scapulae: thin oblique blades behind the upper ribs.
  const scapula = profile(t, -0.1, 0.55);
  if (scapula > 0.2) {
    for (const side of [-1, 1]) {
      turned(side * (bodyA - 48), bodyB - 22, 34 * scapula, 4, side * -0.45, 680);
      turned(side * (bodyA - 48), bodyB - 22, 32 * scapula, 2, side * -0.45, 250);
    }
  }

  // Lungs: the right one (−x) stops higher, above the liver dome.
  const lungs: [number, number][] = [
    [-1, profile(t, -0.05, 0.78)],
    [1, profile(t, -0.05, 0.84)],
  ];
  for (const [side, size_] of lungs) {
    if (size_ > 0) ellipse(side * (bodyA * 0.42), 4, bodyA * 0.36 * Math.sqrt(size_), (bodyB - 18) * 0.92 * size_, -860);
  }
  // Vessels branch through the lungs: only painted where there is lung.
  for (const vessel of vessels) {
    const [, lung] = lungs[vessel.side === -1 ? 0 : 1] ?? [0, 0];
    if (lung <= 0.15) continue;
    const drift = 8 * Math.sin(z / 37 + vessel.phase);
    const cx = vessel.side * bodyA * 0.42 + vessel.u * bodyA * 0.3 * Math.sqrt(lung) + drift;
    const cy = 4 + vessel.v * (bodyB - 18) * 0.8 * lung + drift * 0.5;
    ellipse(cx, cy, vessel.radius, vessel.radius, 35, (current) => current < -500);
  }

  // Mediastinum: trachea above the carina, then the heart in its fat, aorta, oesophagus.
  const trachea = profile(t, -0.6, 0.5);
  if (trachea > 0) {
    ellipse(0, -10, 11, 10, 60);
    ellipse(0, -10, 9, 8, -990);
  }
  const heart = profile(t, 0.4, 0.86);
  if (heart > 0) {
    ellipse(20, -22, 66 * heart, 54 * heart, -90); // pericardial fat
    ellipse(20, -22, 62 * heart, 50 * heart, 42);
    ellipse(28, -18, 22 * heart, 18 * heart, 52); // left ventricle cavity, a little denser
  }
  const ascending = profile(t, 0.15, 0.48);
  if (ascending > 0) ellipse(6, -30, 15, 15, 48);
  ellipse(24, 52, 12, 12, 48); // descending aorta
  ellipse(8, 50, 7, 6, 30); // oesophagus

  // Upper abdomen below the diaphragm: liver on the right, stomach with an air cap on the left.
  const liver = profile(t, 0.66, 1.4);
  if (liver > 0) ellipse(-40, 5, (bodyA - 25) * 0.8 * liver, (bodyB - 20) * 0.85 * liver, 62);
  const stomach = profile(t, 0.78, 1.2);
  if (stomach > 0) {
    ellipse(58, -15, 38 * stomach, 32 * stomach, 30);
    ellipse(58, -15 - 22 * stomach, 26 * stomach, 8 * stomach, -980);
  }

  // Spine: a disc every 25 mm, otherwise a vertebra with its posterior arch.
  const level = (((-z % 25) + 25) % 25) / 25;
  const spineY = bodyB - 38;
  if (level < 0.18) {
    ellipse(0, spineY, 21, 17, 85); // intervertebral disc
  } else {
    bone(0, spineY, 21, 17, 720, 190);
    bone(-20, spineY + 26, 14, 5, 700, 350, 1.5); // transverse processes
    bone(20, spineY + 26, 14, 5, 700, 350, 1.5);
    bone(0, spineY + 40, 6, 13, 720, 380, 1.5); // spinous process
  }
  ellipse(0, spineY + 24, 9, 8, 12); // spinal canal

  // Sternum in front, ribs around the chest wall: oblique, so a rib shows in some slices only.
  const sternum = profile(t, 0.05, 0.72);
  if (sternum > 0) bone(0, 10 - (bodyB - 11) + 8, 15, 6, 600, 250, 1.5);
  const ribs = profile(t, -0.05, 0.9);
  if (ribs > 0) {
    for (let k = 0; k < 18; k += 1) {
      const angle = (Math.PI * (k + 0.5)) / 18 - Math.PI / 2; // from the front (−y) round to the back (+y)
      for (const side of [-1, 1]) {
        if (Math.cos((2 * Math.PI * z) / 24 + k * 0.9) < 0.3) continue;
        const cx = side * (bodyA - 18) * Math.cos(angle);
        const cy = 10 + (bodyB - 17) * Math.sin(angle);
        bone(cx, cy, 6, 5, 700, 320, 1.6);
      }
    }
  }
}

/** A [1 2 1] blur in both directions: the partial-volume softness of real edges. */
function soften(source: Float32Array, scratch: Float32Array, size: number): void {
  for (let row = 0; row < size; row += 1) {
    const base = row * size;
    for (let col = 0; col < size; col += 1) {
      const left = source[base + Math.max(0, col - 1)] ?? 0;
      const right = source[base + Math.min(size - 1, col + 1)] ?? 0;
      scratch[base + col] = (left + 2 * (source[base + col] ?? 0) + right) / 4;
    }
  }
  for (let row = 0; row < size; row += 1) {
    const up = Math.max(0, row - 1) * size;
    const down = Math.min(size - 1, row + 1) * size;
    const base = row * size;
    for (let col = 0; col < size; col += 1) {
      source[base + col] = ((scratch[up + col] ?? 0) + 2 * (scratch[base + col] ?? 0) + (scratch[down + col] ?? 0)) / 4;
    }
  }
}

function dicomDate(date: Date): string {
  return date.toISOString().slice(0, 10).replace(/-/g, '');
}

function dicomTime(date: Date): string {
  return date.toISOString().slice(11, 19).replace(/:/g, '');
}

/** Writes the series; returns the file paths in slice order. */
export function generateCt(options: CtOptions): CtResult {
  const slices = writeCt(options);
  let step = slices.next();
  while (!step.done) step = slices.next();
  return step.value;
}

/**
 * The same series, written slice by slice with the event loop free between slices (tens of
 * milliseconds each at 256 pixels): what a server generating sample data while it answers
 * others uses.
 */
export async function generateCtYielding(options: CtOptions): Promise<CtResult> {
  const slices = writeCt(options);
  let step = slices.next();
  while (!step.done) {
    await new Promise((resolve) => setImmediate(resolve));
    step = slices.next();
  }
  return step.value;
}

/** Writes the series one slice per step, yielding each file's path. */
function* writeCt(options: CtOptions): Generator<string, CtResult> {
  const started = performance.now();
  const slices = options.slices ?? 240;
  const size = options.size ?? 512;
  if (!Number.isInteger(slices) || slices < 1) throw new Error(`--slices must be a positive integer, not ${slices}`);
  if (!Number.isInteger(size) || size < 16 || size > 2048) throw new Error(`--size must be an integer from 16 to 2048, not ${size}`);
  const seed = options.studyUidSeed;
  const spacing = FIELD_OF_VIEW_MM / size;
  const next = random(seed === undefined ? randomBytes(4).readUInt32LE(0) : seedNumber(seed));
  const noise = gaussianTable(1 << 20, next);
  const vessels: Vessel[] = Array.from({ length: 70 }, (_, index) => ({
    side: index % 2 === 0 ? -1 : 1,
    u: next() * 1.6 - 0.8,
    v: next() * 1.6 - 0.8,
    radius: 1.2 + next() * 2.3 * (1 - index / 70),
    phase: next() * 2 * Math.PI,
  }));

  const now = options.studyDate ?? new Date();
  const studyInstanceUid = uuidUid(seed, 'study');
  const seriesInstanceUid = uuidUid(seed, 'series');
  const accession =
    seed === undefined
      ? randomBytes(4).toString('hex').toUpperCase()
      : createHash('sha1').update(seed).digest('hex').slice(0, 8).toUpperCase();
  const { DicomDict, DicomMetaDictionary } = dcmjs.data;
  const shared = DicomMetaDictionary.denaturalizeDataset({
    SpecificCharacterSet: 'ISO_IR 192',
    ImageType: ['ORIGINAL', 'PRIMARY', 'AXIAL'],
    SOPClassUID: CT_IMAGE_STORAGE,
    StudyDate: dicomDate(now),
    SeriesDate: dicomDate(now),
    ContentDate: dicomDate(now),
    StudyTime: dicomTime(now),
    SeriesTime: dicomTime(now),
    ContentTime: dicomTime(now),
    AccessionNumber: `DEMO${accession}`,
    Modality: 'CT',
    Manufacturer: 'PACS demo',
    InstitutionName: 'Demo Hospital',
    ReferringPhysicianName: 'Referrer^Demo',
    StudyDescription: options.studyDescription ?? 'Demo chest CT',
    SeriesDescription: `Axial ${SLICE_THICKNESS_MM} mm`,
    ManufacturerModelName: 'Synthetic phantom',
    PatientName: options.patientName ?? 'Demo^Phantom',
    PatientID: options.patientId ?? 'DEMO-CT-001',
    PatientBirthDate: '19700101',
    PatientSex: 'O',
    BodyPartExamined: 'CHEST',
    SliceThickness: SLICE_THICKNESS_MM,
    KVP: 120,
    SpacingBetweenSlices: SLICE_THICKNESS_MM,
    ReconstructionDiameter: FIELD_OF_VIEW_MM,
    ConvolutionKernel: 'STANDARD',
    PatientPosition: 'HFS',
    CTDIvol: 7.8,
    StudyInstanceUID: studyInstanceUid,
    SeriesInstanceUID: seriesInstanceUid,
    StudyID: '1',
    SeriesNumber: 2,
    AcquisitionNumber: 1,
    ImageOrientationPatient: [1, 0, 0, 0, 1, 0],
    FrameOfReferenceUID: uuidUid(seed, 'frame-of-reference'),
    PositionReferenceIndicator: '',
    SamplesPerPixel: 1,
    PhotometricInterpretation: 'MONOCHROME2',
    Rows: size,
    Columns: size,
    PixelSpacing: [spacing, spacing],
    BitsAllocated: 16,
    BitsStored: 16,
    HighBit: 15,
    PixelRepresentation: 1,
    WindowCenter: 40,
    WindowWidth: 400,
    WindowCenterWidthExplanation: 'SOFT TISSUE',
    RescaleIntercept: RESCALE_INTERCEPT,
    RescaleSlope: 1,
    RescaleType: 'HU',
  });

  mkdirSync(options.out, { recursive: true });
  const hu = new Float32Array(size * size);
  const scratch = new Float32Array(size * size);
  const origin = (-size / 2 + 0.5) * spacing; // centre of the first pixel, isocentre in the middle
  const files: string[] = [];
  for (let index = 0; index < slices; index += 1) {
    // Head first: slice 1 is the most superior, the table moves towards the feet (−z).
    const z = -index * SLICE_THICKNESS_MM;
    const t = slices === 1 ? 0.5 : index / (slices - 1);
    paintSlice(hu, size, spacing, t, z, vessels);
    soften(hu, scratch, size);
    const stored = new Int16Array(size * size);
    let at = Math.floor(next() * noise.length);
    for (let i = 0; i < stored.length; i += 1) {
      at = at + 1 === noise.length ? 0 : at + 1;
      const value = (hu[i] ?? 0) + 12 * (noise[at] ?? 0);
      stored[i] = Math.round(Math.min(3071, Math.max(-1024, value)) - RESCALE_INTERCEPT);
    }

    const sopInstanceUid = uuidUid(seed, `instance/${index}`);
    const dict = new DicomDict(
      DicomMetaDictionary.denaturalizeDataset({
        FileMetaInformationVersion: Uint8Array.of(0, 1).buffer,
        MediaStorageSOPClassUID: CT_IMAGE_STORAGE,
        MediaStorageSOPInstanceUID: sopInstanceUid,
        TransferSyntaxUID: EXPLICIT_VR_LITTLE_ENDIAN,
        ImplementationClassUID: uuidUid('pacs-demo', 'implementation'),
        ImplementationVersionName: 'PACS_DEMO_1',
      }),
    );
    dict.dict = {
      ...shared,
      ...DicomMetaDictionary.denaturalizeDataset({
        SOPInstanceUID: sopInstanceUid,
        InstanceNumber: index + 1,
        ImagePositionPatient: [origin, origin, z],
        SliceLocation: z,
        PixelData: [stored.buffer],
        _vrMap: { PixelData: 'OW' },
      }),
    };
    const file = join(options.out, `CT${String(index + 1).padStart(4, '0')}.dcm`);
    writeFileSync(file, new Uint8Array(dict.write()));
    files.push(file);
    yield file;
  }
  return { files, studyInstanceUid, seriesInstanceUid, seconds: (performance.now() - started) / 1000 };
}
