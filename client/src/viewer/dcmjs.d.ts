/** The small part of dcmjs the viewer uses: the DICOM data dictionary (for the header dialog). */
declare module 'dcmjs' {
  interface DictionaryEntry {
    tag: string;
    vr: string;
    vm: string;
    name: string;
  }
  const dcmjs: {
    data: { DicomMetaDictionary: { dictionary: Record<string, DictionaryEntry | undefined> } };
  };
  export default dcmjs;
}
