/**
 * The annotations on screen: loaded from the study's saved ones, each with its owner (others'
 * marks locked), shown by the annotation status (all, the user's own, none), and reported to
 * listeners whenever one is drawn, changed or removed (to save them).
 *
 * Only the measurement tools' annotations (ANNOTATION_TOOLS) are the study's: Cornerstone's
 * display tools keep annotations of their own (the reference lines), which loading leaves alone
 * and whose events save nothing. Loading itself saves nothing either: the saved annotations it
 * replaces are already the server's, and neither do the measurements a render recomputes.
 */
import { eventTarget } from '@cornerstonejs/core';
import { annotation as csAnnotation, Enums as ToolEnums, type Types as ToolTypes } from '@cornerstonejs/tools';
import type { Annotation, AnnotationItem } from '@pacs/common';
import { fromItem, isShown, toItem, type AnnotationStatus, type CsAnnotation } from '../annotations.ts';
import { ANNOTATION_TOOLS } from '../viewer-config.ts';

export class AnnotationLayer {
  /** Who drew each annotation on screen (Account id); annotations drawn here belong to `me`. */
  private readonly owners = new Map<string, string>();
  private me = '';
  private status: AnnotationStatus = 'show_all';
  private readonly listeners = new Set<() => void>();
  /** True while `load` replaces what is on screen: its removals and additions are not changes. */
  private loading = false;

  /** `render` redraws the viewports (after annotations were loaded or shown differently). */
  constructor(private readonly render: () => void) {}

  /** Listens to Cornerstone's annotation events; once, with the service's global listeners. */
  installListeners(): void {
    const events = ToolEnums.Events;
    for (const name of [events.ANNOTATION_COMPLETED, events.ANNOTATION_MODIFIED, events.ANNOTATION_REMOVED])
      eventTarget.addEventListener(name, this.onAnnotationEvent);
    // A new annotation drawn while only the user's own are shown or all are hidden follows the status.
    eventTarget.addEventListener(events.ANNOTATION_COMPLETED, (event: Event) => {
      const uid = (event as CustomEvent<{ annotation?: { annotationUID?: string } }>).detail.annotation?.annotationUID;
      if (uid && !this.owners.has(uid)) this.owners.set(uid, this.me);
    });
  }

  /** Called after any annotation was drawn, changed or removed (to save them). */
  onChanged(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Replaces the annotations on screen with the study's saved ones; `me` is the signed account. */
  load(items: readonly Annotation[], studyUid: string, me: string): void {
    this.me = me;
    this.loading = true;
    try {
      this.clear();
      this.add(items, studyUid, me);
    } finally {
      this.loading = false;
    }
    this.applyStatus();
    this.render();
  }

  private add(items: readonly Annotation[], studyUid: string, me: string): void {
    items.forEach((item, index) => {
      const uid = `saved-${String(item.Id)}-${index}`;
      const built = fromItem(item, studyUid, uid);
      if (!built) return;
      this.owners.set(uid, item.Account);
      const groupKey = (built.metadata.FrameOfReferenceUID as string | undefined) ?? 'unknown';
      csAnnotation.state.addAnnotation(built as unknown as ToolTypes.Annotation, groupKey);
      // Other readers' marks can be seen but not moved.
      if (item.Account !== me) csAnnotation.locking.setAnnotationLocked(uid, true);
    });
  }

  /** The signed user's own annotations on this study, as server rows. */
  ownItems(): AnnotationItem[] {
    return this.all()
      .filter((item) => item.annotationUID && this.ownerOf(item.annotationUID) === this.me)
      .map(toItem)
      .filter((item): item is AnnotationItem => item !== null);
  }

  /** How many annotations are on screen (all owners). */
  count(): number {
    return this.all().length;
  }

  setStatus(status: AnnotationStatus): void {
    this.status = status;
    this.applyStatus();
    this.render();
  }

  /** Removes the measurement tools' annotations (the display tools keep theirs). */
  clear(): void {
    for (const item of this.all()) if (item.annotationUID) csAnnotation.state.removeAnnotation(item.annotationUID);
    this.owners.clear();
  }

  private all(): CsAnnotation[] {
    const all = csAnnotation.state.getAllAnnotations() as unknown as CsAnnotation[];
    return all.filter((item) => ANNOTATION_TOOLS.includes(item.metadata.toolName));
  }

  private ownerOf(uid: string): string {
    return this.owners.get(uid) ?? this.me;
  }

  private applyStatus(): void {
    for (const item of this.all()) {
      if (!item.annotationUID) continue;
      const visible = isShown(this.status, this.ownerOf(item.annotationUID), this.me);
      csAnnotation.visibility.setAnnotationVisibility(item.annotationUID, visible);
    }
  }

  private readonly onAnnotationEvent = (event: Event) => {
    const detail = (event as CustomEvent<{ annotation?: { metadata?: { toolName?: string } }; changeType?: string }>).detail;
    const toolName = detail?.annotation?.metadata?.toolName;
    if (this.loading || !toolName || !ANNOTATION_TOOLS.includes(toolName)) return;
    // Measurements recomputed on a render change nothing that is saved (handles, label, text).
    if (detail.changeType === ToolEnums.ChangeTypes.StatsUpdated) return;
    for (const listener of this.listeners) listener();
  };
}
