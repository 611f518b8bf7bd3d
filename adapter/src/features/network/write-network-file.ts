/**
 * Docker Compose's one-shot `prepare` service runs this before Orthanc starts: Orthanc's
 * network.json (its AE title and DICOM port) from the adapter's own configuration
 * (DICOM_AET, DICOM_PORT, ORTHANC_NETWORK_FILE), as npm start's launcher writes it natively
 * (scripts/services/orthanc.ts). Without it Orthanc would first listen as ORTHANC on 4242 until
 * the adapter's start rewrote the file and restarted it.
 */
import { dirname } from 'node:path';
import { mkdirSync } from 'node:fs';
import { ConfigError, loadConfig } from '../../config.ts';
import { writeFirstNetworkFile } from './orthanc-network.ts';

try {
  const config = loadConfig();
  const file = config.orthanc.networkFile;
  if (file === null) {
    console.log('ORTHANC_NETWORK_FILE is empty: Orthanc’s DICOM settings are managed elsewhere.');
  } else {
    mkdirSync(dirname(file), { recursive: true });
    writeFirstNetworkFile(file, config.dicomAet, config.dicomPort);
    console.log(`Orthanc's DICOM settings: ${file}`);
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
