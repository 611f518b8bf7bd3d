/**
 * What each release brought, newest first: about/release-notes and the dialog after an upgrade
 * show it. Release notes are a document of the project, published in English (docs/decisions.md,
 * "About pages"); the screens around them are translated.
 */
export interface Release {
  version: string;
  /** YYYY-MM-DD. */
  date: string;
  notes: readonly string[];
}

export const RELEASES: readonly Release[] = [
  {
    version: '0.1.0.1',
    date: '2026-11-21',
    notes: [
      'Server status under Admin settings › Server › General: the data, log and backup folders with their real sizes and free disk space, the web server and the server name; administrators are warned when the data disk is almost full.',
      'The audit log can send every record to a syslog collector as a DICOM audit message (IHE ATNA), over TCP or TLS, without slowing the audited action.',
      'About: release notes, terms of use, and credits listing every open-source component with its licence, generated from the build.',
      'Licences, single sign-on with OpenID Connect, and the hash-chained audit log of who saw which patient’s images.',
      'Study list, viewer, reports, sharing, worklist, recycle bin and auto-delete in front of Orthanc, with the study index in PostgreSQL.',
    ],
  },
];
