/**
 * Builds the DICOMDIR of an exported folder with dcmtk's dcmmkdir (a runtime package).
 *
 * Profile General Purpose (STD-GEN-CD, `-Pgp`), with its checks made warnings: archives hold
 * compressed transfer syntaxes (`-Nxc`), pixel encodings (`-Nec`) and resolutions (`-Nrc`) the
 * profile does not list, and the export must not refuse them. `+I` invents the Type 1 directory
 * attributes a file lacks (a StudyID blanked by anonymization, a missing StudyDate): without it
 * dcmmkdir stops at the first such file.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

export const DICOMDIR = 'DICOMDIR';

/**
 * Writes `<root>/DICOMDIR` for every file under `<root>/<folder>` (file IDs relative to root).
 * Rejects with dcmmkdir's complaint when it fails; `signal` kills it.
 */
export function makeDicomdir(root: string, folder: string, signal: AbortSignal): Promise<void> {
  const args = ['+r', '-Pgp', '+I', '-Nxc', '-Nec', '-Nrc', '+F', 'EXPORT', '+D', join(root, DICOMDIR), folder];
  return new Promise((resolve, reject) => {
    const child = spawn('dcmmkdir', args, { cwd: root, signal, stdio: ['ignore', 'ignore', 'pipe'] });
    let complaint = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text: string) => {
      // Warnings (an invented StudyID) are normal; keep the tail for an error message.
      complaint = (complaint + text).slice(-2000);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`dcmmkdir exited with ${code}: ${complaint.trim().split('\n').slice(-3).join(' | ')}`));
    });
  });
}
