/**
 * Docker Compose's one-shot `prepare` service runs this after PostgreSQL is healthy and before
 * Orthanc starts, doing what npm start's launcher does natively (scripts/run.ts):
 * - Orthanc's network.json (its AE title and DICOM port) from the adapter's own configuration
 *   (DICOM_AET, DICOM_PORT or DICOM_INTERNAL_PORT behind the front, ORTHANC_NETWORK_FILE). Without it Orthanc would first listen as
 *   ORTHANC on 4242 until the adapter's start rewrote the file and restarted it.
 * - Behind the front, the internal DICOM key pair (DICOM_INTERNAL_TLS_DIR, on Orthanc's configuration
 *   volume, which the adapter mounts too) and Orthanc's dicom-tls.json beside network.json: Orthanc's
 *   DICOM port takes TLS with that certificate only (features/dicom-front/internal-tls.ts).
 * - The database of Orthanc's index (ORTHANC_INDEX_DATABASE) in the product's cluster: the postgres
 *   image creates only POSTGRES_DB, and an init script would run only on an empty volume.
 */
import { dirname } from 'node:path';
import { ensureInternalTls, writeOrthancDicomTls } from './features/dicom-front/internal-tls.ts';
import { mkdirSync } from 'node:fs';
import { ConfigError, loadConfig, orthancDicomPort } from './config.ts';
import { writeFirstNetworkFile } from './features/network/orthanc-network.ts';
import { ensureDatabases, ORTHANC_INDEX_DATABASE } from './db/databases.ts';

try {
  const config = loadConfig();
  const file = config.orthanc.networkFile;
  if (file === null) {
    console.log('ORTHANC_NETWORK_FILE is empty: Orthanc’s DICOM settings are managed elsewhere.');
  } else {
    mkdirSync(dirname(file), { recursive: true });
    // Behind the DICOM front receiver Orthanc listens on the internal port (the adapter has DICOM_PORT).
    writeFirstNetworkFile(file, config.dicomAet, orthancDicomPort(config));
    console.log(`Orthanc's DICOM settings: ${file}`);
    writeOrthancDicomTls(dirname(file), config.dicomFront.enabled ? await ensureInternalTls(config.dicomFront.tlsDir) : null);
    if (config.dicomFront.enabled) console.log(`Orthanc's DICOM port: TLS, the certificate in ${config.dicomFront.tlsDir} only`);
  }
  const { host, port, user, password } = config.pg;
  const created = await ensureDatabases({ host, port, user, password }, [ORTHANC_INDEX_DATABASE]);
  console.log(`Orthanc's index: database ${ORTHANC_INDEX_DATABASE}${created.length > 0 ? ' (created)' : ''}`);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `prepare: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
