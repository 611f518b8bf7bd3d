/**
 * The synthetic chest CT's command line (the generator itself is the adapter's
 * dicom/synthetic-ct.ts, which Import sample also uses):
 *
 *   npx tsx scripts/demo/generate-ct.ts --out DIR [--slices 240] [--size 512]
 *     [--patient 'Demo^Phantom'] [--patient-id DEMO-CT-001] [--study-uid-seed SEED]
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { generateCt } from '../../adapter/src/dicom/synthetic-ct.ts';

export { generateCt, uuidUid, type CtOptions, type CtResult } from '../../adapter/src/dicom/synthetic-ct.ts';

function main(): void {
  const { values } = parseArgs({
    options: {
      out: { type: 'string' },
      slices: { type: 'string', default: '240' },
      size: { type: 'string', default: '512' },
      patient: { type: 'string' },
      'patient-id': { type: 'string' },
      'study-uid-seed': { type: 'string' },
      'study-description': { type: 'string' },
    },
  });
  if (!values.out) {
    console.error(
      'Usage: npx tsx scripts/demo/generate-ct.ts --out DIR [--slices 240] [--size 512] [--patient NAME] [--patient-id ID] [--study-uid-seed SEED]',
    );
    process.exit(2);
  }
  const result = generateCt({
    out: resolve(values.out),
    slices: Number(values.slices),
    size: Number(values.size),
    patientName: values.patient,
    patientId: values['patient-id'],
    studyUidSeed: values['study-uid-seed'],
    studyDescription: values['study-description'],
  });
  const rate = result.files.length / result.seconds;
  console.log(`Wrote ${result.files.length} slices to ${values.out} in ${result.seconds.toFixed(1)} s (${rate.toFixed(0)} slices/s).`);
  console.log(`Study ${result.studyInstanceUid}, series ${result.seriesInstanceUid}.`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
