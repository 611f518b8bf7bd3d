/**
 * The SOP Instance UID of a DICOM Part 10 file, read from its File Meta Information (PS3.10 §7.1:
 * group 0002 after the 128-byte preamble and `DICM`, always explicit VR little endian). Enough to
 * tell which instance a part of a series download is, without parsing the data set.
 */

/** VRs with a 2-byte reserved field and a 4-byte length in explicit VR (PS3.5 §7.1.2). */
const LONG_VRS = new Set(['OB', 'OD', 'OF', 'OL', 'OV', 'OW', 'SQ', 'SV', 'UC', 'UN', 'UR', 'UT', 'UV']);

/** (0002,0003) Media Storage SOP Instance UID, or null when the file has no readable meta group. */
export function mediaStorageSopInstanceUid(file: ArrayBuffer): string | null {
  if (file.byteLength < 132) return null;
  const view = new DataView(file);
  const bytes = new Uint8Array(file);
  if (String.fromCharCode(bytes[128]!, bytes[129]!, bytes[130]!, bytes[131]!) !== 'DICM') return null;
  let at = 132;
  while (at + 8 <= file.byteLength) {
    const group = view.getUint16(at, true);
    const element = view.getUint16(at + 2, true);
    if (group !== 0x0002) return null;
    const vr = String.fromCharCode(bytes[at + 4]!, bytes[at + 5]!);
    let length: number;
    let value: number;
    if (LONG_VRS.has(vr)) {
      if (at + 12 > file.byteLength) return null;
      length = view.getUint32(at + 8, true);
      value = at + 12;
    } else {
      length = view.getUint16(at + 6, true);
      value = at + 8;
    }
    if (value + length > file.byteLength) return null;
    if (element === 0x0003) {
      let text = '';
      for (let k = value; k < value + length; k++) text += String.fromCharCode(bytes[k]!);
      return text.replace(/[\0 ]+$/u, '') || null;
    }
    at = value + length;
  }
  return null;
}
