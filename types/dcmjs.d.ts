// dcmjs ships no type declarations: these cover the part the project uses.
declare module 'dcmjs' {
  /** One element in dcmjs's "denaturalized" (DICOM JSON-like) form, keyed by 'GGGGEEEE'. */
  interface DicomElement {
    vr: string;
    Value: unknown[];
  }
  type DenaturalizedDataset = Record<string, DicomElement>;
  /** Elements keyed by DICOM keyword; `_vrMap` gives the VR where the dictionary has several. */
  type NaturalizedDataset = Record<string, unknown>;

  interface DicomDict {
    meta: DenaturalizedDataset;
    dict: DenaturalizedDataset;
    /** A Part 10 file: preamble, File Meta, then the dataset in the meta's transfer syntax. */
    write(options?: { allowInvalidVRLength?: boolean }): ArrayBuffer;
  }

  const dcmjs: {
    data: {
      DicomDict: new (meta: DenaturalizedDataset) => DicomDict;
      DicomMessage: {
        /** Parses a Part 10 file. */
        readFile(buffer: ArrayBuffer): DicomDict;
      };
      DicomMetaDictionary: {
        denaturalizeDataset(dataset: NaturalizedDataset): DenaturalizedDataset;
        naturalizeDataset(dataset: DenaturalizedDataset): NaturalizedDataset;
      };
    };
  };
  export default dcmjs;
}
