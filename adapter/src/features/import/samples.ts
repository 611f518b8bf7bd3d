/**
 * The sample studies Import sample offers (common import-samples.ts): synthetic chest CTs the
 * product generates itself (dicom/synthetic-ct.ts), a baseline and a prior of one patient so the
 * viewer's comparison has something to compare. Nothing is downloaded and nothing is a real
 * patient's. Generated once per data folder, under DATA_DIR/samples/, and reused: the first import
 * of a sample takes a second or two (the event loop stays free meanwhile), later ones none.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { ImportSampleItem } from '@pacs/common';
import { generateCtYielding } from '../../dicom/synthetic-ct.ts';

interface SampleSpec extends ImportSampleItem {
  /** Seed of the UIDs and noise: the same sample is the same study on every site and every import. */
  seed: string;
  size: number;
  studyDate: Date;
}

/** Bumped when what a sample holds changes, so a cached older copy is not reused. */
const VERSION = 1;

export const SAMPLES: readonly SampleSpec[] = [
  {
    Id: 'chest-ct',
    PatientName: 'Sample^Chest',
    PatientID: 'SAMPLE-CT-1',
    StudyDescription: 'Sample chest CT (phantom)',
    Modality: 'CT',
    Instances: 64,
    seed: 'open-pacs-sample/chest-ct',
    size: 256,
    studyDate: new Date('2024-06-03T09:30:00Z'),
  },
  {
    Id: 'chest-ct-prior',
    PatientName: 'Sample^Chest',
    PatientID: 'SAMPLE-CT-1',
    StudyDescription: 'Sample chest CT, prior (phantom)',
    Modality: 'CT',
    Instances: 48,
    seed: 'open-pacs-sample/chest-ct-prior',
    size: 256,
    studyDate: new Date('2023-05-29T14:10:00Z'),
  },
];

export function sampleItems(): ImportSampleItem[] {
  return SAMPLES.map(({ Id, PatientName, PatientID, StudyDescription, Modality, Instances }) => ({
    Id,
    PatientName,
    PatientID,
    StudyDescription,
    Modality,
    Instances,
  }));
}

export function sampleById(id: string): SampleSpec | undefined {
  return SAMPLES.find((sample) => sample.Id === id);
}

/**
 * The sample's files, generated on first use. A copy is written to a private folder and renamed
 * into place whole, so a crash or a second request meanwhile never sees half a sample.
 */
export async function sampleFiles(dataDir: string, sample: SampleSpec): Promise<string[]> {
  const root = join(dataDir, 'samples');
  const dir = join(root, `${sample.Id}-v${VERSION}`);
  if (!existsSync(dir)) {
    await mkdir(root, { recursive: true });
    const work = await mkdtemp(join(root, `.${sample.Id}-`));
    try {
      await generateCtYielding({
        out: work,
        slices: sample.Instances,
        size: sample.size,
        patientName: sample.PatientName,
        patientId: sample.PatientID,
        studyUidSeed: sample.seed,
        studyDescription: sample.StudyDescription,
        studyDate: sample.studyDate,
      });
      // Another request may have put its copy in place first: then that one is used.
      await rename(work, dir).catch(() => undefined);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }
  return (await readdir(dir))
    .filter((name) => name.endsWith('.dcm'))
    .sort()
    .map((name) => join(dir, name));
}
