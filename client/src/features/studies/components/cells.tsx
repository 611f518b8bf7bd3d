/** The cells of list rows: plain text by column key, and the few drawn specially. */
import { observer } from 'mobx-react-lite';
import type { CSSProperties } from 'react';
import { useIntl } from 'react-intl';
import type { Alignment, ColumnSetting } from '@pacs/common';
import { personNameGroups } from '../../../lib/dicom-format.ts';
import { formatCell, type FormatContext } from '../format.ts';
import type { StudyNode } from '../selection.ts';
import type { ListItem, StudyItem } from '../types.ts';

const TEXT_ALIGN: Record<Alignment, CSSProperties['textAlign']> = { left: 'start', center: 'center', right: 'end' };

export function alignStyle(column: ColumnSetting): CSSProperties {
  return { textAlign: TEXT_ALIGN[column.alignment] ?? 'start' };
}

/** Alphabetic group first, the ideographic and phonetic groups after it, each isolated for bidi. */
export function PersonName({ value }: { value: string }) {
  const [first, ...others] = personNameGroups(value);
  if (!first) return null;
  return (
    <span className="person-name">
      <bdi>{first}</bdi>
      {others.map((group, index) => (
        <bdi key={index} className="person-name-alt">
          {group}
        </bdi>
      ))}
    </span>
  );
}

export function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 3.2l2.7 5.6 6.1.8-4.5 4.2 1.1 6.1L12 17l-5.4 2.9 1.1-6.1-4.5-4.2 6.1-.8z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.7"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export const FavoriteButton = observer(function FavoriteButton({ study, onToggle }: { study: StudyNode; onToggle: () => void }) {
  const intl = useIntl();
  const on = study.item.IsFavorite;
  return (
    <button
      type="button"
      className={`star-button${on ? ' is-on' : ''}`}
      aria-pressed={on}
      aria-label={intl.formatMessage(on ? { id: 'studies.remove_favorite' } : { id: 'studies.add_favorite' })}
      title={intl.formatMessage(on ? { id: 'studies.remove_favorite' } : { id: 'studies.add_favorite' })}
      onClick={(event) => {
        event.stopPropagation();
        onToggle();
      }}
      onDoubleClick={(event) => event.stopPropagation()}
    >
      <StarIcon filled={on} />
    </button>
  );
});

function PencilIcon() {
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function NoteCell({ study, canEdit, onEdit }: { study: StudyItem; canEdit: boolean; onEdit: () => void }) {
  const intl = useIntl();
  return (
    <span className="note-cell">
      <bdi className="note-text" title={study.Note || undefined}>
        {study.Note}
      </bdi>
      {canEdit && (
        <button
          type="button"
          className="note-edit"
          aria-label={intl.formatMessage({ id: 'studies.edit_note' })}
          title={intl.formatMessage({ id: 'studies.edit_note' })}
          onClick={(event) => {
            event.stopPropagation();
            onEdit();
          }}
          onDoubleClick={(event) => event.stopPropagation()}
        >
          <PencilIcon />
        </button>
      )}
    </span>
  );
}

export function ReportStatusBadge({ status }: { status: string }) {
  const intl = useIntl();
  if (status === 'Draft')
    return <span className="status-badge status-draft">{intl.formatMessage({ id: 'studies.report_status.draft' })}</span>;
  if (status === 'Final')
    return <span className="status-badge status-final">{intl.formatMessage({ id: 'studies.report_status.final' })}</span>;
  return null;
}

export function SharedMark({ shared }: { shared: boolean }) {
  const intl = useIntl();
  if (!shared) return null;
  return (
    <span className="shared-mark" title={intl.formatMessage({ id: 'studies.shared' })}>
      <svg
        width="14"
        height="14"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        aria-hidden="true"
        focusable="false"
      >
        <path d="M5 12l5 5L20 7" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className="visually-hidden">{intl.formatMessage({ id: 'studies.shared' })}</span>
    </span>
  );
}

/** A text cell: formatted value, full text in the tooltip when it is cut off. */
export function TextCell({ column, item, context }: { column: ColumnSetting; item: ListItem; context: FormatContext }) {
  const text = formatCell(column.key, item, context);
  return (
    <td style={alignStyle(column)} title={text || undefined}>
      <bdi>{text}</bdi>
    </td>
  );
}
