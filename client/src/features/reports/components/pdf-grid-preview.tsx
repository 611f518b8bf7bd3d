/** A live sketch of a report page: the header and footer grids (the PDF's rule, reportGrid) around body lines. */
import { useIntl } from 'react-intl';
import type { GridCell } from '@pacs/common';
import { previewGrid, type BlockForm } from '../pdf-settings.ts';

function Block({ form, side, rtl }: { form: BlockForm; side: 'header' | 'footer'; rtl: boolean }) {
  const intl = useIntl();
  const grid = previewGrid(form, rtl);
  const width = Number(form.borderWidth) || 1;
  const border = `${Math.min(width, 6)}px ${form.borderStyle} ${form.borderColor || 'grey'}`;
  const cell = (entry: GridCell) => (
    <div
      key={entry.item}
      className={`pdf-cell pdf-cell-${entry.item}`}
      data-item={entry.item}
      data-column={entry.column}
      data-row={entry.row}
      data-align={entry.align}
      style={{
        gridColumn: entry.column + 1,
        gridRow: entry.row + 1,
        justifySelf: entry.align === 'center' ? 'center' : entry.align === 'right' ? 'end' : 'start',
      }}
    >
      {entry.item === 'logo' ? (
        form.logoType === 'text' ? (
          <span className="pdf-logo-text">{form.logoText || intl.formatMessage({ id: 'reports.pdf.preview.logo' })}</span>
        ) : (
          <span className="pdf-logo-image">{intl.formatMessage({ id: 'reports.pdf.preview.logo' })}</span>
        )
      ) : (
        <span className="pdf-text-lines">
          <span>{intl.formatMessage({ id: 'reports.pdf.preview.institution' })}</span>
          <span className="pdf-line" />
          <span className="pdf-line pdf-line-short" />
        </span>
      )}
    </div>
  );
  return (
    <div
      className={`pdf-block pdf-${side}`}
      data-testid={`pdf-preview-${side}`}
      data-columns={grid.columns}
      data-rows={grid.rows}
      style={{
        gridTemplateColumns: grid.columns > 0 ? `repeat(${grid.columns}, minmax(0, 1fr))` : undefined,
        marginBlockStart: `${Number(form.marginTop) / 2}px`,
        marginBlockEnd: `${Number(form.marginBottom) / 2}px`,
        borderBlockStart: form.borderTop ? border : undefined,
        borderBlockEnd: form.borderBottom ? border : undefined,
      }}
    >
      {grid.cells.length === 0 ? (
        <span className="pdf-empty">{intl.formatMessage({ id: 'reports.pdf.preview.empty' })}</span>
      ) : (
        grid.cells.map(cell)
      )}
    </div>
  );
}

export function PdfGridPreview({ header, footer, rtl }: { header: BlockForm; footer: BlockForm; rtl: boolean }) {
  const intl = useIntl();
  return (
    <figure className="pdf-preview" aria-label={intl.formatMessage({ id: 'reports.pdf.preview.title' })}>
      {/* The grid is already mirrored for right-to-left languages; the sketch itself stays left-to-right. */}
      <div className="pdf-page" dir="ltr">
        <Block form={header} side="header" rtl={rtl} />
        <div className="pdf-body" aria-hidden="true">
          <span className="pdf-body-title" />
          {[90, 100, 80, 95, 60, 100, 85, 40].map((width, index) => (
            <span key={index} className="pdf-line" style={{ inlineSize: `${width}%` }} />
          ))}
        </div>
        <Block form={footer} side="footer" rtl={rtl} />
      </div>
      <figcaption className="muted">{intl.formatMessage({ id: 'reports.pdf.preview.title' })}</figcaption>
    </figure>
  );
}
