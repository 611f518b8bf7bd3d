/**
 * An encapsulated document in a viewport (PS3.3 C.24.2: scanned requests, DEXA and cardiology
 * reports, outside reports arriving as PDF). A PDF is drawn page by page with pdf.js, in its own
 * worker, with eval off and no annotation layer (so no links or scripts of the document run); its
 * standard fonts and character maps come from this origin (vite.config.ts copies them), so a Japanese PDF
 * without embedded fonts still reads. Other kinds (CDA XML, STL models) are offered as a download.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type * as PdfjsModule from 'pdfjs-dist';

/** Pages drawn at most; the rest is a download away (a 300-page scan would hold the viewer for long). */
export const MAX_DRAWN_PAGES = 50;

type Pdfjs = typeof PdfjsModule;

let pdfjs: Promise<Pdfjs> | undefined;

/** pdf.js, loaded once and only when a document is shown, with its worker from this origin. */
function loadPdfjs(): Promise<Pdfjs> {
  pdfjs ??= Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]).then(([lib, worker]) => {
    lib.GlobalWorkerOptions.workerSrc = worker.default;
    return lib;
  });
  return pdfjs;
}

const PDFJS_ASSETS = `${import.meta.env.BASE_URL}pdfjs/`;

type Drawing = { state: 'drawing' } | { state: 'drawn'; pages: number } | { state: 'failed' };

/** Draws the PDF's pages into canvases appended to `host`, as wide as the host, sharp on the screen's pixels. */
async function drawPdf(document: Uint8Array, host: HTMLElement, cancelled: () => boolean): Promise<number> {
  const lib = await loadPdfjs();
  // The worker takes the buffer it is given: hand it a copy, the query keeps the original.
  const pdf = await lib.getDocument({
    data: document.slice(),
    isEvalSupported: false,
    enableXfa: false,
    cMapUrl: `${PDFJS_ASSETS}cmaps/`,
    cMapPacked: true,
    standardFontDataUrl: `${PDFJS_ASSETS}standard_fonts/`,
    // The standard fonts pdf.js ships, not whatever the workstation has under the same name: a
    // document reads the same on every reading-room machine.
    useSystemFonts: false,
  }).promise;
  try {
    const ratio = window.devicePixelRatio || 1;
    const width = Math.max(200, host.clientWidth);
    for (let number = 1; number <= Math.min(pdf.numPages, MAX_DRAWN_PAGES) && !cancelled(); number++) {
      const page = await pdf.getPage(number);
      const viewport = page.getViewport({ scale: (width / page.getViewport({ scale: 1 }).width) * ratio });
      const canvas = window.document.createElement('canvas');
      canvas.className = 'document-page';
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      canvas.dataset.page = String(number);
      host.append(canvas);
      const context = canvas.getContext('2d');
      if (!context) break;
      await page.render({ canvasContext: context, viewport }).promise;
      page.cleanup();
    }
    return pdf.numPages;
  } finally {
    void pdf.destroy();
  }
}

function PdfPages({ document, onDrawn }: { document: Uint8Array; onDrawn: (drawing: Drawing) => void }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    let cancelled = false;
    onDrawn({ state: 'drawing' });
    drawPdf(document, element, () => cancelled).then(
      (pages) => !cancelled && onDrawn({ state: 'drawn', pages }),
      () => !cancelled && onDrawn({ state: 'failed' }),
    );
    return () => {
      cancelled = true;
      element.replaceChildren();
    };
  }, [document, onDrawn]);
  return <div ref={host} className="document-pages" />;
}

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'text/xml': 'xml',
  'model/stl': 'stl',
  'model/obj': 'obj',
  'model/mtl': 'mtl',
};

export function EncapsulatedDocumentView({ document, mimeType, title }: { document: Uint8Array; mimeType: string; title: string }) {
  const intl = useIntl();
  const [drawing, setDrawing] = useState<Drawing>({ state: 'drawing' });
  const isPdf = mimeType === 'application/pdf';
  const href = useMemo(
    () => URL.createObjectURL(new Blob([document.slice()], { type: mimeType || 'application/octet-stream' })),
    [document, mimeType],
  );
  useEffect(() => () => URL.revokeObjectURL(href), [href]);
  const fileName = `${(title || 'document').replace(/[\\/:*?"<>|]+/g, '_')}.${EXTENSIONS[mimeType] ?? 'bin'}`;
  return (
    <div className="encapsulated-document">
      <p className="non-image-note">
        {intl.formatMessage({ id: 'viewer.non_image.document_type' }, { type: mimeType || '?' })}{' '}
        <a href={href} download={fileName} className="document-download">
          {intl.formatMessage({ id: 'viewer.non_image.document_download' })}
        </a>
      </p>
      {isPdf && <PdfPages document={document} onDrawn={setDrawing} />}
      {isPdf && drawing.state === 'failed' && (
        <p className="non-image-note">{intl.formatMessage({ id: 'viewer.non_image.document_unreadable' })}</p>
      )}
      {isPdf && drawing.state === 'drawn' && drawing.pages > MAX_DRAWN_PAGES && (
        <p className="non-image-note">
          {intl.formatMessage({ id: 'viewer.non_image.document_more_pages' }, { count: drawing.pages - MAX_DRAWN_PAGES })}
        </p>
      )}
    </div>
  );
}
