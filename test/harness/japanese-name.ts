/**
 * A study whose patient name has all three component groups, encoded as Japanese modalities
 * write it: Specific Character Set `\ISO 2022 IR 87`, kanji and kana behind JIS X 0208 escape
 * sequences. Written by Debian's pydicom (python3-pydicom, installed for tests), which encodes
 * ISO 2022 itself, so the archive decodes bytes it did not write.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { tinyStudyUids } from './dicom.ts';

export const JAPANESE_NAME = 'Yamada^Tarou=山田^太郎=やまだ^たろう';

const SCRIPT = `
import sys
from pydicom.dataset import Dataset, FileMetaDataset
from pydicom.uid import ExplicitVRLittleEndian, PYDICOM_IMPLEMENTATION_UID
out, study, series, sop, patient_id, name = sys.argv[1:7]
meta = FileMetaDataset()
meta.MediaStorageSOPClassUID = '1.2.840.10008.5.1.4.1.1.7'
meta.MediaStorageSOPInstanceUID = sop
meta.TransferSyntaxUID = ExplicitVRLittleEndian
meta.ImplementationClassUID = PYDICOM_IMPLEMENTATION_UID
ds = Dataset()
ds.file_meta = meta
ds.is_little_endian = True
ds.is_implicit_VR = False
ds.SpecificCharacterSet = ['', 'ISO 2022 IR 87']
ds.SOPClassUID = meta.MediaStorageSOPClassUID
ds.SOPInstanceUID = sop
ds.StudyInstanceUID = study
ds.SeriesInstanceUID = series
ds.PatientName = name
ds.PatientID = patient_id
ds.PatientBirthDate = '19700101'
ds.PatientSex = 'M'
ds.StudyDate = '20240131'
ds.StudyTime = '101500'
ds.StudyDescription = 'CT chest'
ds.StudyID = '1'
ds.AccessionNumber = ''
ds.ReferringPhysicianName = ''
ds.Modality = 'CT'
ds.SeriesNumber = 1
ds.InstanceNumber = 1
ds.SamplesPerPixel = 1
ds.PhotometricInterpretation = 'MONOCHROME2'
ds.Rows = 16
ds.Columns = 16
ds.BitsAllocated = 8
ds.BitsStored = 8
ds.HighBit = 7
ds.PixelRepresentation = 0
ds.PixelData = bytes([128]) * 256
ds.save_as(out, write_like_original=False)
`;

/** Writes the file into `dir` and answers its path and UIDs (the same seed gives the same UIDs). */
export function japaneseNameStudy(dir: string, seed: string, patientId: string): { file: string; study: string } {
  const uids = tinyStudyUids(seed);
  const file = join(dir, `${seed}.dcm`);
  // Debian's interpreter: python3-pydicom is installed for it, whatever python3 comes first on PATH.
  execFileSync('/usr/bin/python3', ['-c', SCRIPT, file, uids.study, uids.series, uids.instance, patientId, JAPANESE_NAME]);
  return { file, study: uids.study };
}
