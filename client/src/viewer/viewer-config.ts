/**
 * The one configuration the stack tool group and the toolbar are built from (CONVENTIONS habit
 * 7). Mouse bindings follow spec 2 §9: left window level, middle zoom, right pan; the wheel
 * scrolls the stack and zooms with Ctrl.
 */
import { Enums as ToolEnums, PanTool, StackScrollTool, WindowLevelTool, ZoomTool } from '@cornerstonejs/tools';
import { CT_PRESETS, type CtPreset } from './presets.ts';
import { LAYOUTS, type Layout } from './layouts.ts';

const { MouseBindings, KeyboardBindings } = ToolEnums;

export interface ToolBinding {
  mouseButton: number;
  modifierKey?: number;
}

export interface ToolEntry {
  /** A Cornerstone tool class; its static `toolName` names it in the tool group. */
  tool: { toolName: string };
  bindings: ToolBinding[];
}

export const STACK_TOOLS: readonly ToolEntry[] = [
  { tool: WindowLevelTool, bindings: [{ mouseButton: MouseBindings.Primary }] },
  { tool: PanTool, bindings: [{ mouseButton: MouseBindings.Secondary }] },
  {
    tool: ZoomTool,
    bindings: [{ mouseButton: MouseBindings.Auxiliary }, { mouseButton: MouseBindings.Wheel, modifierKey: KeyboardBindings.Ctrl }],
  },
  { tool: StackScrollTool, bindings: [{ mouseButton: MouseBindings.Wheel }] },
];

export interface ViewerToolbar {
  layouts: readonly Layout[];
  presets: readonly CtPreset[];
}

export const VIEWER_TOOLBAR: ViewerToolbar = { layouts: LAYOUTS, presets: CT_PRESETS };
