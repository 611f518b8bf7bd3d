/**
 * The small part of dcmjs the viewer uses: the DICOM data dictionary (for the header dialog) and
 * the Part 10 reader (for objects without an image: structured reports, waveforms, headers), and
 * the writer the unit tests build such objects with.
 */
declare module 'dcmjs' {
  interface DictionaryEntry {
    tag: string;
    vr: string;
    vm: string;
    name: string;
  }
  /** One element as dcmjs reads it, keyed by 'GGGGEEEE' (DICOM JSON-like; binary values are ArrayBuffers). */
  interface DicomElement {
    vr: string;
    Value?: unknown[];
  }
  type DenaturalizedDataset = Record<string, DicomElement>;
  interface DicomDict {
    dict: DenaturalizedDataset;
    write(): ArrayBuffer;
  }
  const dcmjs: {
    data: {
      DicomMetaDictionary: {
        dictionary: Record<string, DictionaryEntry | undefined>;
        naturalizeDataset(dataset: DenaturalizedDataset): Record<string, unknown>;
        denaturalizeDataset(dataset: Record<string, unknown>): DenaturalizedDataset;
      };
      DicomDict: new (meta: DenaturalizedDataset) => DicomDict;
      DicomMessage: {
        readFile(buffer: ArrayBuffer, options?: { ignoreErrors?: boolean }): { meta: DenaturalizedDataset; dict: DenaturalizedDataset };
      };
    };
  };
  export default dcmjs;
}
