/** The cells of list rows: plain text by column key, and the few drawn specially. */
import { observer } from 'mobx-react-lite';
import type { CSSProperties } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { Alignment, ColumnSetting, StudyWorklistEntry } from '@pacs/common';
import { formatDicomDate, formatDicomTime } from '../../../lib/dicom-format.ts';
import { paths } from '../../../lib/paths.ts';
import { formatPersonName } from '../../../lib/dicom-format.ts';
import { sessionStore } from '../../../state/index.ts';
import { formatCell, type FormatContext } from '../format.ts';
import type { StudyNode } from '../selection.ts';
import type { ListItem, StudyItem } from '../types.ts';
import { ICON_PATHS, LineIcon } from '../../../components/icons.tsx';

const TEXT_ALIGN: Record<Alignment, CSSProperties['textAlign']> = { left: 'start', center: 'center', right: 'end' };

export function alignStyle(column: ColumnSetting): CSSProperties {
  return { textAlign: TEXT_ALIGN[column.alignment] ?? 'start' };
}

/** The name's component group the site chose (kana, kanji or alphabetic), isolated for bidi. */
export const PersonName = observer(function PersonName({ value }: { value: string }) {
  const text = formatPersonName(value, sessionStore.nameForm);
  if (!text) return null;
  return (
    <span className="person-name">
      <bdi>{text}</bdi>
    </span>
  );
});

/** The favourite star, outlined or filled. */
export function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={ICON_PATHS.star} fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.7" strokeLinejoin="round" />
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
          <LineIcon path={ICON_PATHS.edit} size={14} />
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

const ORDER_STATUS = defineMessages({
  none: { id: 'worklist.status.none' },
  in_progress: { id: 'worklist.status.in_progress' },
  completed: { id: 'worklist.status.completed' },
  disabled: { id: 'worklist.status.disabled' },
});

/**
 * The Order column: the worklist entry the study was performed for — its status, linked to the
 * entry on /mwm, and the requested procedure; accession number and scheduled start in the tooltip.
 */
export function WorklistEntryCell({ entry, dateFormat }: { entry: StudyWorklistEntry | null | undefined; dateFormat: string }) {
  const intl = useIntl();
  if (!entry) return null;
  const status = ORDER_STATUS[entry.Status as keyof typeof ORDER_STATUS];
  const scheduled = [formatDicomDate(entry.ScheduledDate, dateFormat), formatDicomTime(entry.ScheduledTime)].filter(Boolean).join(' ');
  const title = intl.formatMessage(
    { id: 'studies.order_title' },
    { procedure: entry.RequestedProcedureDescription || entry.Modality, accession: entry.AccessionNumber || '—', scheduled },
  );
  return (
    <span className="order-cell" title={title}>
      <Link
        className={`status-badge status-${entry.Status}`}
        to={`${paths.mwm.getHref()}?uid=${encodeURIComponent(entry.UID)}`}
        onClick={(event) => event.stopPropagation()}
      >
        {status ? intl.formatMessage(status) : entry.Status}
      </Link>
      <span className="order-procedure">{entry.RequestedProcedureDescription || entry.Modality}</span>
    </span>
  );
}

export function SharedMark({ shared }: { shared: boolean }) {
  const intl = useIntl();
  if (!shared) return null;
  return (
    <span className="shared-mark" title={intl.formatMessage({ id: 'studies.shared' })}>
      <LineIcon path={ICON_PATHS.check} size={14} strokeWidth={2} />
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
