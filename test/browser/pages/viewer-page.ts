import type { Locator, Page } from 'playwright-core';

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

  thumbnails(): Locator {
    return this.page.locator('.viewer-thumbnails .thumbnail');
  }

  header(): Locator {
    return this.page.locator('.viewer-header');
  }

  toolbarButton(name: string | RegExp): Locator {
    return this.page.getByRole('toolbar', { name: 'Viewer tools' }).getByRole('button', { name });
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

  async stats(index = 0): Promise<CanvasStats> {
    return this.canvas(index).evaluate((node) => {
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

/** Mean absolute difference between two coarse grids (0..255). */
export function gridDifference(a: CanvasStats, b: CanvasStats): number {
  let total = 0;
  for (let i = 0; i < a.grid.length; i++) total += Math.abs((a.grid[i] ?? 0) - (b.grid[i] ?? 0));
  return total / (a.grid.length || 1);
}
