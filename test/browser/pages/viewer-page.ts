import { PNG } from 'pngjs';
import type { Locator, Page } from 'playwright-core';

/** Decoded RGBA pixels of a screenshot or an exported image. */
export interface Pixels {
  width: number;
  height: number;
  data: Uint8Array;
}

export function decodePng(bytes: Buffer): Pixels {
  const png = PNG.sync.read(bytes);
  return { width: png.width, height: png.height, data: png.data };
}

/** Whether an RGB triple is close to a colour given as #rrggbb (each channel within `tolerance`). */
export function near(r: number, g: number, b: number, hex: string, tolerance = 60): boolean {
  const [cr, cg, cb] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
  return Math.abs(r - (cr ?? 0)) <= tolerance && Math.abs(g - (cg ?? 0)) <= tolerance && Math.abs(b - (cb ?? 0)) <= tolerance;
}

/** How many pixels of each row are close to `hex` (RGBA data, or RGB with `channels` 3). */
export function colourRows(pixels: Pixels, hex: string, channels = 4): number[] {
  const rows: number[] = [];
  for (let y = 0; y < pixels.height; y++) {
    let count = 0;
    for (let x = 0; x < pixels.width; x++) {
      const at = (y * pixels.width + x) * channels;
      if (near(pixels.data[at] ?? 0, pixels.data[at + 1] ?? 0, pixels.data[at + 2] ?? 0, hex)) count++;
    }
    rows.push(count);
  }
  return rows;
}

export function colourCount(pixels: Pixels, hex: string, channels = 4): number {
  return colourRows(pixels, hex, channels).reduce((sum, count) => sum + count, 0);
}

/** Pixel statistics of a viewport canvas, computed in the page. */
export interface CanvasStats {
  width: number;
  height: number;
  /** Mean luminance 0..255. */
  mean: number;
  /** Share of pixels brighter than 8. */
  nonBlack: number;
  /** Distinct luminance values (0..255). */
  levels: number;
  /** Distinct colours among pixels whose channels differ (0 for a grey image). */
  colouredPixels: number;
  /** A coarse 16×16 luminance grid, to compare two images. */
  grid: number[];
}

/** The image viewer (`#/viewer?studyinstanceuid=…`). */
export class ViewerPage {
  constructor(
    readonly page: Page,
    private readonly baseUrl: string,
  ) {}

  async open(studyUid: string): Promise<void> {
    // Leave the viewer first: a hash change alone keeps the previous study on screen until the new
    // one has loaded, and its image would be taken for the new study's outcome.
    if (this.page.url().includes('#/viewer')) {
      await this.page.goto(`${this.baseUrl}/viewer/#/about`);
      await this.cell(0).waitFor({ state: 'detached' });
    }
    await this.page.goto(`${this.baseUrl}/viewer/#/viewer?studyinstanceuid=${encodeURIComponent(studyUid)}`);
  }

  cell(index = 0): Locator {
    return this.page.locator(`.viewport-cell[data-cell="${index}"]`);
  }

  canvas(index = 0): Locator {
    return this.cell(index).locator('.cs-viewport-element canvas').first();
  }

  message(index = 0): Locator {
    return this.cell(index).locator('.viewport-message');
  }

  errorMessage(index = 0): Locator {
    return this.cell(index).getByRole('alert');
  }

  imagePosition(index = 0): Locator {
    return this.cell(index).locator('.overlay-image-index');
  }

  windowText(index = 0): Locator {
    return this.cell(index).locator('.overlay-window');
  }

  zoomText(index = 0): Locator {
    return this.cell(index).locator('.overlay-zoom');
  }

  overlay(index = 0): Locator {
    return this.cell(index).locator('.viewport-overlay');
  }

  /** The search bar's study picker (comparison with the patient's other studies). */
  studyPicker(): Locator {
    return this.page.getByRole('search', { name: 'Other studies of the patient' }).getByRole('combobox', { name: 'Study', exact: true });
  }

  /** What the page shows inside a cell (canvas, SVG annotations, overlay), as RGBA pixels. */
  async cellPixels(index = 0): Promise<Pixels & { x: number; y: number }> {
    const box = await this.cell(index).boundingBox();
    if (!box) throw new Error('the cell has no box');
    const clip = { x: Math.round(box.x), y: Math.round(box.y), width: Math.floor(box.width), height: Math.floor(box.height) };
    return { ...decodePng(await this.page.screenshot({ clip })), x: clip.x, y: clip.y };
  }

  thumbnails(): Locator {
    return this.page.locator('.viewer-thumbnails .thumbnail');
  }

  header(): Locator {
    return this.page.locator('.viewer-header');
  }

  toolbar(): Locator {
    return this.page.getByRole('toolbar', { name: 'Viewer tools' });
  }

  toolbarButton(name: string | RegExp): Locator {
    return this.toolbar().getByRole('button', { name, exact: typeof name === 'string' });
  }

  /** Clicks a toolbar item, opening the folders or menus it sits in first (outermost first). */
  async clickTool(name: string | RegExp, ...menus: string[]): Promise<void> {
    let scope = this.toolbar();
    for (const menu of menus) {
      const opener = scope.getByRole('button', { name: menu, exact: true });
      if ((await opener.getAttribute('aria-expanded')) !== 'true') await opener.click();
      scope = scope.getByRole('group', { name: menu, exact: true });
    }
    await scope
      .getByRole('button', { name, exact: typeof name === 'string' })
      .first()
      .click();
  }

  /** The texts Cornerstone draws beside annotations (SVG), e.g. "123.45 mm". */
  async annotationTexts(index = 0): Promise<string[]> {
    return this.cell(index).locator('svg text').allTextContents();
  }

  thumbnailStatus(): Locator {
    return this.page.locator('.viewer-thumbnails .thumbnail-status');
  }

  /**
   * Where image pixel (column, row) of a `columns` × `rows` image lies on the page, for a fitted
   * image with no pan (Cornerstone centres it and scales it to fit the canvas).
   */
  async imageToPage(
    index: number,
    columns: number,
    rows: number,
    column: number,
    row: number,
  ): Promise<{ x: number; y: number; scale: number }> {
    const box = await this.canvas(index).boundingBox();
    if (!box) throw new Error('the viewport has no box');
    const scale = Math.min(box.width / columns, box.height / rows);
    return {
      x: box.x + box.width / 2 + (column + 0.5 - columns / 2) * scale,
      y: box.y + box.height / 2 + (row + 0.5 - rows / 2) * scale,
      scale,
    };
  }

  /** A left-button drag between two page points (annotation tools). */
  async dragBetween(from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
    await this.page.mouse.move(from.x, from.y);
    await this.page.mouse.down({ button: 'left' });
    await this.page.mouse.move(to.x, to.y, { steps: 12 });
    await this.page.mouse.up({ button: 'left' });
  }

  /**
   * Luminance of an `n` × `n` grid over the centred square of a canvas (where a square image
   * lies when fitted), so flips and quarter turns of the image can be compared cell by cell.
   */
  async squareGrid(canvas: Locator, n = 16): Promise<number[]> {
    return canvas.evaluate((node, size) => {
      const element = node as HTMLCanvasElement;
      const context = element.getContext('2d', { willReadFrequently: true });
      if (!context) throw new Error('no 2d context');
      const side = Math.min(element.width, element.height);
      const [left, top] = [Math.floor((element.width - side) / 2), Math.floor((element.height - side) / 2)];
      const data = context.getImageData(left, top, side, side).data;
      const sums = new Array<number>(size * size).fill(0);
      const counts = new Array<number>(size * size).fill(0);
      for (let y = 0; y < side; y++)
        for (let x = 0; x < side; x++) {
          const at = (y * side + x) * 4;
          const cell = Math.floor((y * size) / side) * size + Math.floor((x * size) / side);
          sums[cell] = (sums[cell] ?? 0) + 0.299 * (data[at] ?? 0) + 0.587 * (data[at + 1] ?? 0) + 0.114 * (data[at + 2] ?? 0);
          counts[cell] = (counts[cell] ?? 0) + 1;
        }
      return sums.map((sum, cell) => sum / (counts[cell] || 1));
    }, n);
  }

  /** Luminance along one row of a canvas (fraction 0..1 of its height). */
  async rowProfile(canvas: Locator, at = 0.5): Promise<number[]> {
    return canvas.evaluate((node, fraction) => {
      const element = node as HTMLCanvasElement;
      const context = element.getContext('2d', { willReadFrequently: true });
      if (!context) throw new Error('no 2d context');
      const y = Math.min(element.height - 1, Math.floor(element.height * fraction));
      const data = context.getImageData(0, y, element.width, 1).data;
      const row: number[] = [];
      for (let x = 0; x < element.width; x++)
        row.push(0.299 * (data[x * 4] ?? 0) + 0.587 * (data[x * 4 + 1] ?? 0) + 0.114 * (data[x * 4 + 2] ?? 0));
      return row;
    }, at);
  }

  /** Luminance down one column of a canvas (fraction 0..1 of its width). */
  async columnProfile(canvas: Locator, at = 0.5): Promise<number[]> {
    return canvas.evaluate((node, fraction) => {
      const element = node as HTMLCanvasElement;
      const context = element.getContext('2d', { willReadFrequently: true });
      if (!context) throw new Error('no 2d context');
      const x = Math.min(element.width - 1, Math.floor(element.width * fraction));
      const data = context.getImageData(x, 0, 1, element.height).data;
      const column: number[] = [];
      for (let y = 0; y < element.height; y++)
        column.push(0.299 * (data[y * 4] ?? 0) + 0.587 * (data[y * 4 + 1] ?? 0) + 0.114 * (data[y * 4 + 2] ?? 0));
      return column;
    }, at);
  }

  mprCanvas(plane: 'axial' | 'sagittal' | 'coronal'): Locator {
    return this.page.locator(`.mpr-cell[data-plane="${plane}"] canvas`).first();
  }

  mprMessage(): Locator {
    return this.page.locator('.mpr-message');
  }

  /** Waits until the cell shows an image (overlay image n/N) or a message it cannot. */
  async waitForOutcome(index = 0, timeout = 30_000): Promise<'image' | 'error'> {
    const result = await Promise.race([
      this.imagePosition(index)
        .waitFor({ timeout })
        .then(() => 'image' as const),
      this.errorMessage(index)
        .waitFor({ timeout })
        .then(() => 'error' as const),
    ]);
    return result;
  }

  /**
   * What the viewport's canvas shows. Read two animation frames later: the overlay shows a new
   * window level as soon as it is set, but Cornerstone draws it at the next frame.
   */
  async stats(index = 0): Promise<CanvasStats> {
    return this.canvas(index).evaluate(async (node) => {
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const canvas = node as HTMLCanvasElement;
      const context = canvas.getContext('2d', { willReadFrequently: true });
      if (!context) throw new Error('the viewport canvas has no 2d context');
      const { width, height } = canvas;
      const data = context.getImageData(0, 0, width, height).data;
      const levels = new Set<number>();
      const grid = new Array<number>(256).fill(0);
      const counts = new Array<number>(256).fill(0);
      let sum = 0;
      let bright = 0;
      let coloured = 0;
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          const at = (y * width + x) * 4;
          const [r, g, b] = [data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0];
          const luma = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
          sum += luma;
          if (luma > 8) bright++;
          if (Math.abs(r - g) > 16 || Math.abs(g - b) > 16) coloured++;
          levels.add(luma);
          const cell = Math.floor((y * 16) / height) * 16 + Math.floor((x * 16) / width);
          grid[cell] = (grid[cell] ?? 0) + luma;
          counts[cell] = (counts[cell] ?? 0) + 1;
        }
      }
      const pixels = width * height || 1;
      return {
        width,
        height,
        mean: sum / pixels,
        nonBlack: bright / pixels,
        levels: levels.size,
        colouredPixels: coloured,
        grid: grid.map((value, cell) => value / (counts[cell] || 1)),
      };
    });
  }

  /** Polls the canvas until it holds more than a blank frame (rendering is asynchronous). */
  async waitForPixels(index = 0, minLevels = 8, timeout = 15_000): Promise<CanvasStats> {
    const deadline = Date.now() + timeout;
    let last = await this.stats(index);
    while (last.levels < minLevels && Date.now() < deadline) {
      await this.page.waitForTimeout(250);
      last = await this.stats(index);
    }
    return last;
  }

  /** Drags with the left button across the viewport (window level). */
  async dragLeft(index = 0, dx = 0, dy = 0): Promise<void> {
    const box = await this.canvas(index).boundingBox();
    if (!box) throw new Error('the viewport has no box');
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    await this.page.mouse.move(x, y);
    await this.page.mouse.down({ button: 'left' });
    await this.page.mouse.move(x + dx, y + dy, { steps: 10 });
    await this.page.mouse.up({ button: 'left' });
  }

  async wheel(index = 0, deltaY = 100, times = 1): Promise<void> {
    const box = await this.canvas(index).boundingBox();
    if (!box) throw new Error('the viewport has no box');
    await this.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    for (let i = 0; i < times; i++) {
      await this.page.mouse.wheel(0, deltaY);
      await this.page.waitForTimeout(150);
    }
  }
}

/** An n × n grid mirrored left-right, or turned a quarter clockwise. */
export function mirrorGrid(grid: readonly number[], n = 16): number[] {
  return grid.map((_, cell) => grid[Math.floor(cell / n) * n + (n - 1 - (cell % n))] ?? 0);
}

export function rotateGridClockwise(grid: readonly number[], n = 16): number[] {
  // The cell at (row r, column c) after a clockwise quarter turn shows what was at (n-1-c, r).
  return grid.map((_, cell) => grid[(n - 1 - (cell % n)) * n + Math.floor(cell / n)] ?? 0);
}

export function meanDifference(a: readonly number[], b: readonly number[]): number {
  let total = 0;
  for (let i = 0; i < a.length; i++) total += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return total / (a.length || 1);
}

/** Mean absolute difference between two coarse grids (0..255). */
export function gridDifference(a: CanvasStats, b: CanvasStats): number {
  let total = 0;
  for (let i = 0; i < a.grid.length; i++) total += Math.abs((a.grid[i] ?? 0) - (b.grid[i] ?? 0));
  return total / (a.grid.length || 1);
}
