import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { networkSettings, writeFirstNetworkFile } from './orthanc-network.ts';

describe('writeFirstNetworkFile', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pacs-network-'));
  const file = join(dir, 'network.json');
  afterEach(() => rmSync(file, { force: true }));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes the first start’s settings: the AE title and port given, anonymous users allowed', () => {
    writeFirstNetworkFile(file, 'HOSPITAL', 11112);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(networkSettings('HOSPITAL', 11112, true));
  });

  it('leaves an existing file alone: afterwards the provider in the database decides', () => {
    writeFileSync(file, '{"DicomAet":"CHANGED"}');
    writeFirstNetworkFile(file, 'HOSPITAL', 11112);
    expect(readFileSync(file, 'utf8')).toBe('{"DicomAet":"CHANGED"}');
  });
});
