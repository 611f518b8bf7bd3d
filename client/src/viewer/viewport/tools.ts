/**
 * The stack viewports' tool group and what configures it: the user's mouse buttons and primary
 * tool, annotation colours and font, the text prompt of the arrow and text tools, the magnifier,
 * and the source viewport of the reference lines.
 */
import { annotation as csAnnotation, ReferenceLinesTool, ToolGroupManager, type Types as ToolTypes } from '@cornerstonejs/tools';
import { ALL_TOOLS, defaultPrimaryTool, INTERACTION_TOOLS, stackBindings, type ToolBinding } from '../viewer-config.ts';
import {
  DEFAULT_DISPLAY,
  REFERENCE_LINE_COLOR,
  RENDERING_ENGINE_ID,
  TOOL_GROUP_ID,
  type TextRequester,
  type ViewerDisplaySettings,
} from './viewport-state.ts';

type ToolGroup = NonNullable<ReturnType<typeof ToolGroupManager.getToolGroup>>;

export class StackTools {
  private display: ViewerDisplaySettings = DEFAULT_DISPLAY;
  private primaryTool = defaultPrimaryTool(DEFAULT_DISPLAY.mouse);
  private textRequester: TextRequester = (initial) => Promise.resolve(window.prompt('', initial));
  private referenceSource = '';
  /** Cornerstone's own default annotation style, read before the first configure(). */
  private baseStyle: Record<string, unknown> | undefined;

  /** The interpolation the settings ask for. */
  interpolation(): ViewerDisplaySettings['interpolation'] {
    return this.display.interpolation;
  }

  /** Applies the user's viewer settings: mouse buttons, annotation colours and font, magnifier. */
  configure(display: ViewerDisplaySettings): void {
    const mouseChanged = JSON.stringify(display.mouse) !== JSON.stringify(this.display.mouse);
    this.display = display;
    if (mouseChanged) this.primaryTool = defaultPrimaryTool(display.mouse);
    // setDefaultToolStyles replaces the defaults: keep Cornerstone's (text box visibility, fonts, …).
    const defaults = csAnnotation.config.style.getDefaultToolStyles() as { global?: Record<string, unknown> };
    csAnnotation.config.style.setDefaultToolStyles({
      global: {
        ...(this.baseStyle ??= { ...(defaults.global ?? {}) }),
        color: display.color.annotation,
        colorHighlighted: display.color.active,
        colorSelected: display.color.active,
        colorLocked: display.color.annotation,
        textBoxColor: display.color.annotation,
        textBoxColorHighlighted: display.color.active,
        textBoxColorSelected: display.color.active,
        textBoxColorLocked: display.color.annotation,
        textBoxFontSize: `${display.fontSize}px`,
        lineWidth: '2',
      },
      [ReferenceLinesTool.toolName]: {
        color: REFERENCE_LINE_COLOR,
        colorHighlighted: REFERENCE_LINE_COLOR,
        colorSelected: REFERENCE_LINE_COLOR,
        colorLocked: REFERENCE_LINE_COLOR,
        lineWidth: '1.5',
        lineDash: '',
      },
    });
    const group = ToolGroupManager.getToolGroup(TOOL_GROUP_ID);
    if (group) {
      this.applyBindings(group);
      this.configureTools(group);
    }
  }

  /** The reference lines show where `viewportId`'s current slice cuts the other viewports. */
  setReferenceSource(viewportId: string): void {
    this.referenceSource = viewportId;
    const group = ToolGroupManager.getToolGroup(TOOL_GROUP_ID);
    const current = group?.getToolConfiguration(ReferenceLinesTool.toolName, 'sourceViewportId') as string | undefined;
    if (group && current !== viewportId) group.setToolConfiguration(ReferenceLinesTool.toolName, { sourceViewportId: viewportId });
  }

  setTextRequester(requester: TextRequester): void {
    this.textRequester = requester;
  }

  /** The tool on the left button, as a toolbar feature key (window_level, length, …). */
  getPrimaryFeature(): string | null {
    return Object.entries(INTERACTION_TOOLS).find(([, tool]) => tool === this.primaryTool)?.[0] ?? null;
  }

  /** Puts the tool of a toolbar feature on the left button. */
  setPrimaryTool(toolName: string): void {
    const group = ToolGroupManager.getToolGroup(TOOL_GROUP_ID);
    this.primaryTool = toolName;
    if (group) this.applyBindings(group);
  }

  /** Adds a stack viewport to the tool group (made on first use). */
  addViewport(viewportId: string): void {
    this.group().addViewport(viewportId, RENDERING_ENGINE_ID);
  }

  removeViewport(viewportId: string): void {
    ToolGroupManager.getToolGroup(TOOL_GROUP_ID)?.removeViewports(RENDERING_ENGINE_ID, viewportId);
  }

  /** Before the magnifier sees a press in `element`: its lens is fitted to the element. */
  beforePress(element: HTMLElement): void {
    if (this.primaryTool === INTERACTION_TOOLS.magnifier) this.fitMagnifier(element);
  }

  private group(): ToolGroup {
    const existing = ToolGroupManager.getToolGroup(TOOL_GROUP_ID);
    if (existing) return existing;
    const group = ToolGroupManager.createToolGroup(TOOL_GROUP_ID);
    if (!group) throw new Error('Cornerstone refused to create the stack tool group');
    for (const tool of ALL_TOOLS) if (tool.toolName !== 'Crosshairs') group.addTool(tool.toolName);
    this.configureTools(group);
    this.applyBindings(group);
    group.setToolConfiguration(ReferenceLinesTool.toolName, { sourceViewportId: this.referenceSource });
    group.setToolEnabled(ReferenceLinesTool.toolName);
    return group;
  }

  private configureTools(group: ToolGroup): void {
    const ask = (initial: string, done: (text: string) => void) =>
      void this.textRequester(initial).then((text) => {
        if (text) done(text);
      });
    const textConfig = {
      getTextCallback: (done: (text: string) => void) => ask('', done),
      changeTextCallback: (data: { data?: { text?: string; label?: string } }, _event: unknown, done: (text: string) => void) =>
        ask(data.data?.text ?? data.data?.label ?? '', done),
    };
    group.setToolConfiguration(INTERACTION_TOOLS.arrow, textConfig);
    group.setToolConfiguration(INTERACTION_TOOLS.text, textConfig);
    const { zoom, size } = this.display.magnifier;
    group.setToolConfiguration(INTERACTION_TOOLS.magnifier, { magnifySize: zoom / 100, magnifyWidth: size, magnifyHeight: size });
  }

  /**
   * Cornerstone's lens scales the viewport's camera, whose scale is relative to the element's
   * height, onto a lens of its own height: its `magnifySize` must carry the ratio of the two for
   * the lens to show the image at the settings' zoom (200 % of what is on screen).
   */
  private fitMagnifier(element: HTMLElement): void {
    const group = ToolGroupManager.getToolGroup(TOOL_GROUP_ID);
    const { zoom, size } = this.display.magnifier;
    if (!group || !element.clientHeight || !size) return;
    group.setToolConfiguration(INTERACTION_TOOLS.magnifier, { magnifySize: ((zoom / 100) * element.clientHeight) / size });
  }

  /** Every tool gets exactly the bindings the primary tool and mouse settings give it. */
  private applyBindings(group: ToolGroup): void {
    const wanted = stackBindings(this.primaryTool, this.display.mouse);
    for (const tool of ALL_TOOLS) {
      const name = tool.toolName;
      if (name === 'Crosshairs' || name === ReferenceLinesTool.toolName || !group.hasTool(name)) continue;
      group.setToolPassive(name, { removeAllBindings: true });
      const bindings: ToolBinding[] = wanted.get(name) ?? [];
      if (bindings.length) group.setToolActive(name, { bindings: bindings as ToolTypes.IToolBinding[] });
      // Annotation tools stay passive otherwise, so marks can still be selected and moved.
    }
    // Reference lines are always on (display only); the screen names their source viewport.
  }
}
