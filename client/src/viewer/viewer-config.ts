/**
 * The one configuration the tool groups and the toolbar are built from (CONVENTIONS habit 7).
 *
 * - INTERACTION_TOOLS: the toolbar features that take over the primary mouse button (window
 *   level, pan, zoom, rotate, the annotation tools, probe, magnifier) and the Cornerstone tool
 *   behind each.
 * - The mouse settings (spec 2 §9: left window level, centre zoom, right pan) bind the other
 *   buttons; the wheel scrolls the stack and zooms with Ctrl; two fingers pinch-zoom.
 * - TOOLBAR_FEATURES: every toolbar feature the viewer implements, with the permission that
 *   hides it. A feature of the user's toolbar settings that is not listed here is not shown.
 */
import {
  AngleTool,
  ArrowAnnotateTool,
  CrosshairsTool,
  EllipticalROITool,
  Enums as ToolEnums,
  LabelTool,
  LengthTool,
  MagnifyTool,
  PanTool,
  PlanarRotateTool,
  ProbeTool,
  RectangleROITool,
  ReferenceLinesTool,
  StackScrollTool,
  WindowLevelTool,
  ZoomTool,
} from '@cornerstonejs/tools';
import type { MouseTool } from '@pacs/common';
import { VhsTool } from './vhs-tool.ts';

const { MouseBindings, KeyboardBindings } = ToolEnums;

type TargetImageData = ReturnType<ProbeTool['getTargetImageData']>;

/**
 * Cornerstone's probe, reading the right slice of a stack. Cornerstone 5.14's probe puts the
 * stack's image index into the voxel index it reads, but a stack viewport's image data holds only
 * the image on screen, so on every image but the first the read fell outside it and the probe
 * showed no value. The slice index stays in the label; the read uses the one slice there is.
 */
export class StackProbeTool extends ProbeTool {
  static override toolName = ProbeTool.toolName;

  override getTargetImageData(targetId: string): TargetImageData {
    const data = super.getTargetImageData(targetId);
    const voxels = data?.voxelManager;
    if (!data || !voxels || !targetId.startsWith('imageId:')) return data;
    const oneSlice = Object.create(voxels) as { getAtIJKPoint: (ijk: [number, number, number]) => unknown };
    oneSlice.getAtIJKPoint = ([i, j]) => voxels.getAtIJKPoint([i, j, 0]);
    return { ...data, voxelManager: oneSlice as typeof voxels };
  }
}

export interface ToolBinding {
  mouseButton?: number;
  modifierKey?: number;
  numTouchPoints?: number;
}

/** Every Cornerstone tool the viewer registers, by class (its static `toolName` names it). */
export const ALL_TOOLS: readonly { toolName: string }[] = [
  WindowLevelTool,
  PanTool,
  ZoomTool,
  StackScrollTool,
  PlanarRotateTool,
  LengthTool,
  AngleTool,
  RectangleROITool,
  EllipticalROITool,
  ArrowAnnotateTool,
  LabelTool,
  StackProbeTool,
  VhsTool,
  MagnifyTool,
  CrosshairsTool,
  ReferenceLinesTool,
];

/**
 * Toolbar features that put a tool on the primary mouse button (and one finger). `scroll` is not a
 * toolbar item of the spec: the phone's bottom bar offers it, where there is no wheel.
 */
export type InteractionFeature =
  | 'scroll'
  | 'window_level'
  | 'pan'
  | 'zoom'
  | 'rotate'
  | 'length'
  | 'angle'
  | 'rectangle'
  | 'ellipse'
  | 'arrow'
  | 'text'
  | 'vhs'
  | 'pixel_value'
  | 'magnifier';

export const INTERACTION_TOOLS: Record<InteractionFeature, string> = {
  scroll: StackScrollTool.toolName,
  window_level: WindowLevelTool.toolName,
  pan: PanTool.toolName,
  zoom: ZoomTool.toolName,
  rotate: PlanarRotateTool.toolName,
  length: LengthTool.toolName,
  angle: AngleTool.toolName,
  rectangle: RectangleROITool.toolName,
  ellipse: EllipticalROITool.toolName,
  arrow: ArrowAnnotateTool.toolName,
  text: LabelTool.toolName,
  vhs: VhsTool.toolName,
  pixel_value: ProbeTool.toolName,
  magnifier: MagnifyTool.toolName,
};

/** The tools whose marks are annotations (saved, shown or hidden by the display status). */
export const ANNOTATION_TOOLS: readonly string[] = [
  LengthTool.toolName,
  AngleTool.toolName,
  RectangleROITool.toolName,
  EllipticalROITool.toolName,
  ArrowAnnotateTool.toolName,
  LabelTool.toolName,
  ProbeTool.toolName,
  VhsTool.toolName,
];

export function isInteractionFeature(key: string): key is InteractionFeature {
  return Object.hasOwn(INTERACTION_TOOLS, key);
}

const MOUSE_TOOL: Record<Exclude<MouseTool, 'none'>, string> = {
  window_level: WindowLevelTool.toolName,
  zoom: ZoomTool.toolName,
  pan: PanTool.toolName,
};

export interface MouseSettings {
  left: MouseTool;
  middle: MouseTool;
  right: MouseTool;
}

/**
 * The bindings of every tool of the stack group when `primary` holds the left button and the
 * mouse settings say what the centre and right buttons do.
 */
export function stackBindings(primary: string, mouse: MouseSettings): Map<string, ToolBinding[]> {
  const bindings = new Map<string, ToolBinding[]>();
  const add = (tool: string, binding: ToolBinding) => bindings.set(tool, [...(bindings.get(tool) ?? []), binding]);
  add(primary, { mouseButton: MouseBindings.Primary });
  if (mouse.middle !== 'none') add(MOUSE_TOOL[mouse.middle], { mouseButton: MouseBindings.Auxiliary });
  if (mouse.right !== 'none') add(MOUSE_TOOL[mouse.right], { mouseButton: MouseBindings.Secondary });
  add(StackScrollTool.toolName, { mouseButton: MouseBindings.Wheel });
  add(ZoomTool.toolName, { mouseButton: MouseBindings.Wheel, modifierKey: KeyboardBindings.Ctrl });
  // Touch (tablet, phone): one finger uses the left-button tool, two fingers pinch-zoom, three pan.
  add(ZoomTool.toolName, { numTouchPoints: 2 });
  add(PanTool.toolName, { numTouchPoints: 3 });
  return bindings;
}

/** The tool the left button starts with, from the mouse settings. */
export function defaultPrimaryTool(mouse: MouseSettings): string {
  return mouse.left === 'none' ? WindowLevelTool.toolName : MOUSE_TOOL[mouse.left];
}

/** MPR: crosshairs on the left button, the rest as in the stack group. */
export function mprBindings(mouse: MouseSettings): Map<string, ToolBinding[]> {
  return stackBindings(CrosshairsTool.toolName, mouse);
}

/** How the toolbar renders a feature of the user's toolbar settings. */
export type FeatureKind = 'tool' | 'action' | 'toggle' | 'menu' | 'component';

/** The permission each feature needs is the toolbars' catalogue's (features/toolbars PAGE_FEATURES). */
export interface FeatureSpec {
  kind: FeatureKind;
}

export const TOOLBAR_FEATURES: Record<string, FeatureSpec> = {
  grid: { kind: 'component' },
  grid_image: { kind: 'component' },
  window_level: { kind: 'tool' },
  window_level_presets: { kind: 'component' },
  pan: { kind: 'tool' },
  zoom: { kind: 'tool' },
  rotate: { kind: 'tool' },
  flip_horizontal: { kind: 'action' },
  flip_vertical: { kind: 'action' },
  reset: { kind: 'action' },
  cine: { kind: 'toggle' },
  cine_range: { kind: 'component' },
  magnifier: { kind: 'tool' },
  pixel_value: { kind: 'tool' },
  length: { kind: 'tool' },
  angle: { kind: 'tool' },
  rectangle: { kind: 'tool' },
  ellipse: { kind: 'tool' },
  arrow: { kind: 'tool' },
  text: { kind: 'tool' },
  vhs: { kind: 'tool' },
  annotation_save: { kind: 'action' },
  sync: { kind: 'toggle' },
  comparison: { kind: 'toggle' },
  mpr: { kind: 'toggle' },
  key_image: { kind: 'toggle' },
  capture: { kind: 'action' },
  export: { kind: 'menu' },
  dicom_header: { kind: 'action' },
  overlay: { kind: 'toggle' },
  annotation_display: { kind: 'menu' },
  pseudo_color: { kind: 'menu' },
};

/** The rotate menu turns by quarter turns or to a free angle (spec 2 §9: 0 to 360). */
export const ROTATE_STEP = 90;

/** Colour maps offered by the pseudo-colour menu (names of Cornerstone's registered maps). */
export const COLORMAPS: readonly { key: string; name: string | null }[] = [
  { key: 'gray', name: null },
  { key: 'hot', name: 'Black-Body Radiation' },
  { key: 'bone', name: 'bone_Matlab' },
  { key: 'hsv', name: 'hsv' },
  { key: 'jet', name: 'jet' },
  { key: 'rainbow', name: 'rainbow' },
];
