/**
 * The VHS tool: one annotation of three lines drawn one after the other on the same image — the
 * heart's long axis, its short axis, and the vertebral reference from the cranial edge of T4 along
 * the spine over `vertebrae` vertebrae (vhs.ts). Each line is a press, drag and release (or a click,
 * move and click; a finger on touch screens), as Cornerstone's length tool draws one line; the
 * annotation keeps six points, so it is saved, locked, hidden and moved like every other mark.
 * The reference shows a tick per vertebra, and the text box the axes and the score.
 */
import { getEnabledElement, getRenderingEngines, type Types as CoreTypes } from '@cornerstonejs/core';
import { annotation as csAnnotation, drawing, LengthTool, utilities as toolUtilities, type Types as ToolTypes } from '@cornerstonejs/tools';
import { attributeOf } from './dicom-values.ts';
import {
  DEFAULT_VHS_OPTIONS,
  isVhsOptions,
  segmentLengths,
  speciesOfDescription,
  vhsOfPoints,
  VHS_TOOL_NAME,
  type VhsOptions,
  type VhsScore,
} from './vhs.ts';

type Point2 = CoreTypes.Point2;
type Point3 = CoreTypes.Point3;
type InteractionEvent = Parameters<LengthTool['addNewAnnotation']>[0];
type LengthAnnotation = ReturnType<LengthTool['addNewAnnotation']>;

/** The text the tool writes on the image, in the reader's language (set by the viewer's VHS dialog). */
export interface VhsTextFormat {
  lines(score: VhsScore | null, options: VhsOptions, drawn: number): string[];
}

const ENGLISH: VhsTextFormat = {
  lines: (score, options, drawn) =>
    score
      ? [`VHS ${score.score.toFixed(1)} v`, `L ${score.long.toFixed(1)} v + S ${score.short.toFixed(1)} v`, `T4 + ${options.vertebrae} v`]
      : [`VHS ${drawn}/3`],
};

let textFormat: VhsTextFormat = ENGLISH;
const drawnListeners = new Set<(annotationUID: string) => void>();

export function setVhsTextFormat(format: VhsTextFormat | null): void {
  textFormat = format ?? ENGLISH;
}

/** Called when the third line of a VHS is drawn, or a whole VHS is clicked (to show its dialog). */
export function onVhsDrawn(listener: (annotationUID: string) => void): () => void {
  drawnListeners.add(listener);
  return () => drawnListeners.delete(listener);
}

/** The options a VHS annotation carries (in its metadata, saved with it), or the defaults. */
export function vhsOptionsOf(annotation: { metadata: Record<string, unknown> }): VhsOptions {
  const options = annotation.metadata.vhs;
  return isVhsOptions(options) ? options : DEFAULT_VHS_OPTIONS;
}

/** A VHS on screen by its annotation UID: its points, options and score, or null. */
export function vhsAnnotation(annotationUID: string): { options: VhsOptions; score: VhsScore | null } | null {
  const found = csAnnotation.state.getAnnotation(annotationUID) as ToolTypes.Annotation | undefined;
  if (!found || found.metadata?.toolName !== VHS_TOOL_NAME) return null;
  const options = vhsOptionsOf(found as unknown as { metadata: Record<string, unknown> });
  return { options, score: vhsOfPoints((found.data.handles?.points ?? []) as Point3[], options) };
}

/** Changes a VHS's options; the change is saved like any edit of the annotation. */
export function setVhsOptions(annotationUID: string, options: VhsOptions): void {
  const found = csAnnotation.state.getAnnotation(annotationUID) as ToolTypes.Annotation | undefined;
  if (!found || !isVhsOptions(options)) return;
  (found.metadata as unknown as Record<string, unknown>).vhs = { ...options };
  found.invalidated = true;
  csAnnotation.state.triggerAnnotationModified(found);
  for (const engine of getRenderingEngines() ?? [])
    toolUtilities.triggerAnnotationRenderForViewportIds(engine.getViewports().map((one) => one.id));
}

const TICK_PX = 6;

export class VhsTool extends LengthTool {
  static override toolName = VHS_TOOL_NAME;

  /** The VHS whose lines are still being drawn (fewer than three), by UID. */
  private pending: string | null = null;

  constructor(toolProps = {}) {
    super(toolProps);
    const startFirstLine = this.addNewAnnotation;
    const endLine = this._endCallback;

    this.addNewAnnotation = (evt: InteractionEvent): LengthAnnotation => {
      const { element, currentPoints } = evt.detail;
      const pending = this.pendingOn(element);
      if (!pending) {
        const created = startFirstLine(evt);
        // The species the image's file names (PatientSpeciesDescription), else a dog.
        const species = speciesOfDescription(attributeOf(created.metadata?.referencedImageId ?? null, 'PatientSpeciesDescription'));
        (created.metadata as unknown as Record<string, unknown>).vhs = {
          ...DEFAULT_VHS_OPTIONS,
          species: species ?? DEFAULT_VHS_OPTIONS.species,
        };
        this.pending = created.annotationUID ?? null;
        return created;
      }
      // The next line of the VHS being drawn: two more points, the second follows the pointer.
      const world = currentPoints.world;
      const points = pending.data.handles.points;
      points.push([...world] as Point3, [...world] as Point3);
      pending.invalidated = true;
      this.isDrawing = true;
      this.editData = {
        annotation: pending,
        viewportIdsToRender: toolUtilities.viewportFilters.getViewportIdsWithToolToRender(element, this.getToolName()),
        handleIndex: points.length - 1,
        movingTextBox: false,
        newAnnotation: true,
        hasMoved: false,
      };
      this._activateDraw(element);
      evt.preventDefault();
      toolUtilities.triggerAnnotationRenderForViewportIds(this.editData.viewportIdsToRender);
      return pending;
    };

    this._endCallback = (evt) => {
      const editing = this.editData;
      endLine(evt);
      if (!editing) return;
      const { annotation, newAnnotation, hasMoved } = editing;
      const complete = (annotation.data.handles?.points ?? []).length >= 6;
      if (newAnnotation && hasMoved && complete) this.pending = null;
      // The third line just drawn, or a click (no drag) on a whole VHS or its text: show its dialog.
      const drawn = newAnnotation && hasMoved;
      const clicked = !newAnnotation && !hasMoved;
      if (complete && (drawn || clicked)) for (const listener of drawnListeners) listener(annotation.annotationUID ?? '');
    };

    this.isPointNearTool = (element, annotation, canvasCoords, proximity) => {
      const { viewport } = getEnabledElement(element) ?? {};
      if (!viewport) return false;
      const canvas = annotation.data.handles.points.map((point) => viewport.worldToCanvas(point));
      for (let i = 0; i + 1 < canvas.length; i += 2) {
        const distance = toolUtilities.math.lineSegment.distanceToPoint(canvas[i]!, canvas[i + 1]!, canvasCoords);
        if (distance <= proximity) return true;
      }
      return false;
    };

    this.renderAnnotation = (enabledElement, svgDrawingHelper) => {
      const { viewport } = enabledElement;
      const all = csAnnotation.state.getAnnotations(this.getToolName(), viewport.element) ?? [];
      const annotations = this.filterInteractableAnnotationsForElement(viewport.element, all) ?? [];
      let rendered = false;
      for (const annotation of annotations) {
        const uid = annotation.annotationUID ?? '';
        if (!csAnnotation.visibility.isAnnotationVisible(uid)) continue;
        const points = (annotation.data.handles?.points ?? []) as Point3[];
        const canvas = points.map((point) => viewport.worldToCanvas(point));
        const styleSpecifier = { toolGroupId: this.toolGroupId, toolName: this.getToolName(), viewportId: viewport.id, annotationUID: uid };
        const { color, lineWidth, lineDash, shadow } = this.getAnnotationStyle({ annotation, styleSpecifier });
        const activeHandle = annotation.data.handles?.activeHandleIndex;
        if (!csAnnotation.locking.isAnnotationLocked(uid) && !this.editData && activeHandle !== null && activeHandle !== undefined)
          drawing.drawHandles(svgDrawingHelper, uid, '0', [canvas[activeHandle]!], { color, lineDash, lineWidth });

        for (let i = 0; i + 1 < canvas.length; i += 2) {
          const reference = i === 4;
          // The reference line is dashed, so the two heart axes stand out.
          drawing.drawLine(svgDrawingHelper, uid, `line-${i}`, canvas[i]!, canvas[i + 1]!, {
            color,
            width: lineWidth,
            lineDash: reference ? '6,4' : lineDash,
            shadow,
          });
        }
        const options = vhsOptionsOf(annotation as unknown as { metadata: Record<string, unknown> });
        if (canvas.length >= 6) this.drawVertebraTicks(svgDrawingHelper, uid, canvas[4]!, canvas[5]!, options.vertebrae, color as string);
        rendered = true;

        const score = vhsOfPoints(points, options);
        const drawn = segmentLengths(points).length;
        this.renderLinkedTextBoxAnnotation({
          enabledElement,
          svgDrawingHelper,
          annotation,
          styleSpecifier,
          textLines: textFormat.lines(score, options, drawn),
          canvasCoordinates: canvas.slice(0, 4) as Point2[],
        });
      }
      return rendered;
    };
  }

  /** Lengths are those of the three lines; Cornerstone's own statistics of a length are not used. */
  override _calculateCachedStats(annotation: { invalidated?: boolean }) {
    annotation.invalidated = false;
    return {};
  }

  /** The VHS still being drawn on the image of `element`, if any. */
  private pendingOn(element: HTMLDivElement): LengthAnnotation | null {
    if (!this.pending) return null;
    const found = csAnnotation.state.getAnnotation(this.pending) as LengthAnnotation | undefined;
    const { viewport } = getEnabledElement(element) ?? {};
    const imageId = (viewport as { getCurrentImageId?: () => string } | undefined)?.getCurrentImageId?.();
    if (!found || found.data.handles.points.length >= 6 || found.metadata?.referencedImageId !== imageId) {
      this.pending = null;
      return null;
    }
    return found;
  }

  /** A short tick across the reference at each vertebra boundary, to line it up with the spine. */
  private drawVertebraTicks(helper: ToolTypes.SVGDrawingHelper, uid: string, from: Point2, to: Point2, count: number, color: string) {
    const length = Math.hypot(to[0] - from[0], to[1] - from[1]);
    if (length < 1) return;
    const normal: Point2 = [(-(to[1] - from[1]) / length) * TICK_PX, ((to[0] - from[0]) / length) * TICK_PX];
    for (let i = 0; i <= count; i++) {
      const at: Point2 = [from[0] + ((to[0] - from[0]) * i) / count, from[1] + ((to[1] - from[1]) * i) / count];
      drawing.drawLine(helper, uid, `tick-${i}`, [at[0] - normal[0], at[1] - normal[1]], [at[0] + normal[0], at[1] + normal[1]], {
        color,
        width: 2,
      });
    }
  }
}
