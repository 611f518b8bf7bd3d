/** What the viewer stores beside the images: key images and annotations (spec 2 §3, §7). */

/** A key image of a study (`GET /keyimages/fromstudy`); `No` is what a report document sends. */
export interface KeyImage {
  No: number;
  SeriesInstanceUID: string;
  SOPInstanceUID: string;
  /** 1-based frame; 1 for a single-frame instance. */
  Frame: number;
  /** Who marked it. */
  Account: string;
  CreatedAt: string;
}

/** `PUT /keyimages/update`: marks or unmarks one image. */
export interface KeyImageUpdate {
  SeriesInstanceUID: string;
  SOPInstanceUID: string;
  Frame: number;
  Marked: boolean;
}

/** One annotation as the viewer sends it (`PUT /annotations/replace`). */
export interface AnnotationItem {
  SeriesInstanceUID: string;
  SOPInstanceUID: string;
  /** 1-based frame; 1 for a single-frame instance. */
  Frame: number;
  /** The Cornerstone tool's name. */
  Tool: string;
  /** The viewer's own JSON; the server stores it as it comes. */
  Data: string;
}

/**
 * One stored annotation (`GET /annotations/fromstudy`), everyone's on the study. Data is the JSON
 * value that was sent: this viewer sends a string, another client may have sent an object.
 */
export interface Annotation extends Omit<AnnotationItem, 'Data'> {
  Id: number;
  Data: unknown;
  Account: string;
  AccountName: string;
  UpdatedAt: string;
}
