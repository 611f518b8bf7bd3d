/**
 * The first image of a viewer page, drawn before Cornerstone is running. Cornerstone's chunk
 * (megabytes of script), its WebGL start and the viewer's first render take most of a second on
 * a small machine; the first image's file usually arrives long before that. Where the viewer
 * showed a study's first image last time (same modality, same window size: the place is
 * remembered per browser), that file is decoded here (preview-image.ts) and drawn on a plain
 * canvas at that place, over the page, until the viewer's own first image is on screen; then it
 * goes. It is only a picture: it takes no input (pointer events pass through it).
 *
 * Where the place is not remembered (a first visit, another window size), the first look waits
 * for the viewer's layout: the viewer's chunk still has to load, but its viewports are laid out
 * well before Cornerstone draws in them. Nothing is drawn when the file is not a plain grayscale
 * one, or once the viewer has shown its first image.
 */
import { afterNextPaint } from '../after-next-paint.ts';
import type { FirstImage } from './early-image.ts';
import { decodePreview, type PreviewImage } from './preview-image.ts';

const STORAGE_KEY = 'pacs.viewer.first-look';
/** Places remembered (window sizes × modalities); the oldest go first. */
const MAX_PLACES = 24;
/** The longest a first look stays up without the viewer's own image. */
const MAX_SHOWN_MS = 20_000;
/** How long a first visit waits for the viewer's layout to learn where its first image goes. */
const LAYOUT_WAIT_MS = 5_000;

interface Place {
  left: number;
  top: number;
  width: number;
  height: number;
}

function placeKey(modality: string): string {
  return `${modality}|${window.innerWidth}x${window.innerHeight}|${window.devicePixelRatio}`;
}

function readPlaces(): Record<string, Place> {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as unknown;
    return stored && typeof stored === 'object' ? (stored as Record<string, Place>) : {};
  } catch {
    return {};
  }
}

function isPlace(value: Place | undefined): value is Place {
  return (
    !!value && [value.left, value.top, value.width, value.height].every((n) => Number.isFinite(n)) && value.width > 0 && value.height > 0
  );
}

/** Draws `image` fitted and centred in `place`, as the viewer's first render shows it. */
function draw(image: PreviewImage, place: Place): HTMLCanvasElement {
  const ratio = window.devicePixelRatio || 1;
  const canvas = document.createElement('canvas');
  canvas.className = 'viewer-first-look';
  canvas.setAttribute('aria-hidden', 'true');
  Object.assign(canvas.style, { left: `${place.left}px`, top: `${place.top}px`, width: `${place.width}px`, height: `${place.height}px` });
  canvas.width = Math.round(place.width * ratio);
  canvas.height = Math.round(place.height * ratio);
  const source = document.createElement('canvas');
  source.width = image.width;
  source.height = image.height;
  source.getContext('2d')?.putImageData(new ImageData(image.rgba as Uint8ClampedArray<ArrayBuffer>, image.width, image.height), 0, 0);
  // Drawn once and never animated: a canvas in main memory spares the GPU round trip.
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (context) {
    context.fillStyle = '#000';
    context.fillRect(0, 0, canvas.width, canvas.height);
    const shownHeight = image.height * image.aspect;
    const scale = Math.min(canvas.width / image.width, canvas.height / shownHeight);
    const [width, height] = [image.width * scale, shownHeight * scale];
    context.drawImage(source, (canvas.width - width) / 2, (canvas.height - height) / 2, width, height);
  }
  return canvas;
}

/** The first look of one page (see the module comment), fed by its first image's download. */
export class FirstLook {
  private current: { url: string; modality: string } | null = null;
  private shown = false;
  private settle: () => void = () => undefined;
  private readonly done = new Promise<void>((resolve) => (this.settle = resolve));
  /** A first look decoded and waiting for the viewer's layout: settles once on screen or given up. */
  private onLayout: Promise<void> | null = null;

  constructor(private readonly firstImage: Pick<FirstImage, 'peekEarly' | 'firstImageShown'>) {
    void firstImage.firstImageShown().then(() => {
      this.shown = true;
      this.settle();
    });
  }

  /**
   * Resolves once the first look is drawn or will not be from a remembered place: nothing is
   * remembered for this window size, the file is not a plain grayscale one, its download failed,
   * the page moved, or the viewer showed its own image first. A first look that waits for the
   * viewer's layout settles at once (that layout needs the viewer's chunk, which waits for this).
   */
  settled(): Promise<void> {
    if (!this.current && !this.placeRememberedForWindow()) this.settle();
    return this.done;
  }

  /**
   * Resolves once a first look whose file is in and which only waits for the viewer's layout (a
   * first visit) is on screen or will not be; at once otherwise. Cornerstone's start (WebGL
   * contexts under a software renderer, one task of 250-300 ms on a small machine) waits for it:
   * run in the viewer's first effects, it came before the next frame, where the first look is
   * drawn. A first look still waiting for its file does not hold Cornerstone.
   */
  drawnOnLayout(): Promise<void> {
    return this.onLayout ?? Promise.resolve();
  }

  /** Whether a place is remembered for this window size, for any modality. */
  private placeRememberedForWindow(): boolean {
    const size = placeKey('');
    return Object.keys(readPlaces()).some((key) => key.endsWith(size));
  }

  /**
   * Shows the first look of the file at `url` (its download started by early-image.ts), the first
   * image of a series of `modality`, if its place is known. Once per page.
   */
  start(url: string, modality: string): void {
    if (this.current || this.shown) return;
    this.current = { url, modality };
    const remembered = readPlaces()[placeKey(modality)];
    const file = this.firstImage.peekEarly(url);
    if (!file || !isPlace(remembered)) this.settle();
    if (!file) return;
    const route = window.location.hash;
    void file.then(
      async (bytes) => {
        if (this.shown || window.location.hash !== route) return this.settle();
        const image = decodePreview(bytes);
        if (!image) return this.settle();
        let placed: () => void = () => undefined;
        if (!isPlace(remembered)) this.onLayout = new Promise((resolve) => (placed = resolve));
        const place = isPlace(remembered) ? remembered : await this.viewerPlace(route);
        if (!place || this.shown || window.location.hash !== route) {
          placed();
          return this.settle();
        }
        const canvas = draw(image, place);
        document.body.append(canvas);
        // Settled once on screen: what waits for it (the viewer's chunk, one long task) would
        // otherwise run before the page's next frame and keep the first look off the screen.
        void afterNextPaint().then(() => {
          this.settle();
          placed();
        });
        const remove = () => {
          canvas.remove();
          window.removeEventListener('hashchange', remove);
        };
        // Gone with the viewer's own first image, or when the page moves elsewhere first; and in
        // any case after a while, so a viewer that never shows its image is not hidden behind it.
        window.addEventListener('hashchange', remove);
        void this.firstImage.firstImageShown().then(remove);
        setTimeout(remove, MAX_SHOWN_MS);
      },
      () => this.settle(),
    );
  }

  /** The viewer drew the image of `url` in `element`: that is the place for the next first look. */
  rememberPlace(url: string, element: HTMLElement): void {
    const current = this.current;
    if (current?.url !== url) return;
    const rect = element.getBoundingClientRect();
    const places = readPlaces();
    const key = placeKey(current.modality);
    delete places[key];
    places[key] = { left: rect.left, top: rect.top, width: rect.width, height: rect.height };
    const keys = Object.keys(places);
    for (const old of keys.slice(0, Math.max(0, keys.length - MAX_PLACES))) delete places[old];
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(places));
    } catch {
      // A full or disabled storage only means no first look next time.
    }
  }

  /**
   * Where the viewer's first viewport lies once the viewer is laid out (its chunk loaded and
   * rendered, well before Cornerstone draws in it), or null if that does not happen in time, the
   * viewer showed its image first, or the page moved elsewhere.
   */
  private viewerPlace(route: string): Promise<Place | null> {
    const started = performance.now();
    return new Promise((resolve) => {
      const look = () => {
        const element = document.querySelector('.viewport-cell[data-cell="0"] .cs-viewport-element');
        const rect = element?.getBoundingClientRect();
        const place = rect && { left: rect.left, top: rect.top, width: rect.width, height: rect.height };
        if (isPlace(place)) resolve(place);
        else if (this.shown || window.location.hash !== route || performance.now() - started > LAYOUT_WAIT_MS) resolve(null);
        else requestAnimationFrame(look);
      };
      look();
    });
  }
}
