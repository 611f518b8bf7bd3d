/**
 * Import sample (spec 2 §2 list toolbar `import_sample`, §3 configs `is_invisible_import_sample`):
 * a new site tries the list and the viewer on studies the product makes itself — no download, no
 * patient data. Each sample is imported through the browser import's path (visibility,
 * institution and the licence's study limit apply) and answers the import's summary.
 *
 * - GET  /import/samples   → {Items: ImportSampleItem[]}
 * - POST /import/sample    form or JSON Id → the import summary of that sample's files
 */

/** One sample study, as the list will show it. */
export interface ImportSampleItem {
  Id: string;
  PatientName: string;
  PatientID: string;
  StudyDescription: string;
  Modality: string;
  /** Images in the study. */
  Instances: number;
}

export interface ImportSampleList {
  Items: ImportSampleItem[];
}
