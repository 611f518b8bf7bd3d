import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import dcmjs from 'dcmjs';
import { reconcileWorklistFolder, syncWorklistFile, worklistFile, worklistFileName, type WorklistFileEntry } from './worklist-files.ts';

const entry = (uid: string, change: Partial<WorklistFileEntry> = {}): WorklistFileEntry => ({
  StudyInstanceUID: uid,
  Status: 'none',
  PatientID: 'P1',
  PatientName: '홍^길동=洪^吉童',
  PatientBirthDate: '19700304',
  PatientSex: 'M',
  PatientAge: '054Y',
  AccessionNumber: 'A1',
  RequestedProcedureID: 'RP1',
  RequestedProcedureDescription: 'Chest CT',
  ReferringPhysicianName: 'Sato^Hanako',
  ScheduledProcedureStep: {
    Modality: 'CT',
    ScheduledStationAETitle: 'CT1',
    ScheduledProcedureStepStartDate: '20300115',
    ScheduledProcedureStepStartTime: '093000',
    ScheduledPerformingPhysicianName: '',
    ScheduledProcedureStepDescription: 'Plain',
    ScheduledProcedureStepID: 'S1',
  },
  ...change,
});

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pacs-wl-unit-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('worklistFile', () => {
  it('is a Part 10 file in UTF-8 that dcmtk reads, with one scheduled procedure step', () => {
    const bytes = worklistFile(entry('1.2.3'));
    expect(bytes.toString('latin1', 128, 132)).toBe('DICM');
    expect(bytes.includes(Buffer.from('홍^길동=洪^吉童', 'utf8'))).toBe(true);
    const dataset = dcmjs.data.DicomMetaDictionary.naturalizeDataset(dcmjs.data.DicomMessage.readFile(new Uint8Array(bytes).buffer).dict);
    expect(dataset.SpecificCharacterSet).toBe('ISO_IR 192');
    expect((dataset.ScheduledProcedureStepSequence as Record<string, unknown>[])[0]).toMatchObject({
      Modality: 'CT',
      ScheduledProcedureStepStatus: 'SCHEDULED',
    });

    const file = join(dir, 'check.wl');
    writeFileSync(file, bytes);
    const dump = spawnSync('dcmdump', ['-q', file], { encoding: 'utf8' });
    expect(dump.status, dump.stderr).toBe(0);
    expect(dump.stderr).toBe('');
    expect(dump.stdout).toMatch(/\(0040,0100\) SQ/);
    expect(dump.stdout).toMatch(/\(0040,0002\) DA \[20300115\]/);
  });

  it('marks a started entry STARTED, and gives the same bytes for the same entry', () => {
    expect(worklistFile(entry('1.2.3', { Status: 'in_progress' })).includes(Buffer.from('STARTED'))).toBe(true);
    expect(worklistFile(entry('1.2.3')).equals(worklistFile(entry('1.2.3')))).toBe(true);
  });

  it('names files by UID only', () => {
    expect(worklistFileName('1.2.3')).toBe('1.2.3.wl');
    expect(() => worklistFileName('../x')).toThrow();
  });
});

describe('the worklist folder', () => {
  it('writes scheduled entries and removes the others, leaving no temporary file', async () => {
    await syncWorklistFile(dir, entry('1.2.3'));
    expect(readdirSync(dir)).toEqual(['1.2.3.wl']);
    await syncWorklistFile(dir, entry('1.2.3', { Status: 'completed' }));
    expect(readdirSync(dir)).toEqual([]);
    await syncWorklistFile(dir, entry('1.2.3', { Status: 'deleted' }));
  });

  it('reconciles: missing and changed files written, strays and old temporary files removed, the rest left', async () => {
    await syncWorklistFile(dir, entry('1.1'));
    writeFileSync(join(dir, '1.2.wl'), 'old');
    writeFileSync(join(dir, '9.9.wl'), 'stray');
    writeFileSync(join(dir, '.writing-abc'), 'left by a crash');
    utimesSync(join(dir, '.writing-abc'), new Date(0), new Date(0));
    writeFileSync(join(dir, 'README'), 'not a worklist');
    const result = await reconcileWorklistFolder(dir, [entry('1.1'), entry('1.2'), entry('1.3')]);
    expect(result).toEqual({ written: 2, removed: 2 });
    expect(readdirSync(dir).sort()).toEqual(['1.1.wl', '1.2.wl', '1.3.wl', 'README']);
    expect(readFileSync(join(dir, '1.2.wl')).equals(worklistFile(entry('1.2')))).toBe(true);
    expect(existsSync(join(dir, '9.9.wl'))).toBe(false);
  });
});
