/**
 * The three-level list: studies, the series of an expanded study, the instances of an expanded
 * series. Columns, order and widths come from the user's settings; a click selects, ctrl/cmd
 * toggles, shift selects a range; a double click opens the viewer.
 */
import { observer } from 'mobx-react-lite';
import { fullPersonName } from '../../../lib/dicom-format.ts';
import { Fragment, useEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { columnLabel } from '../../../i18n/default-labels.ts';
import type { ColumnSetting } from '@pacs/common';
import { isSortable } from '../columns.ts';
import type { FormatContext } from '../format.ts';
import type { RowRef, SeriesNode, StudyNode } from '../selection.ts';
import type { ClickMode, StudyListStore } from '../study-list-store.ts';
import type { ListLevel } from '../types.ts';
import {
  alignStyle,
  FavoriteButton,
  NoteCell,
  PersonName,
  ReportStatusBadge,
  SharedMark,
  StarIcon,
  TextCell,
  WorklistEntryCell,
} from './cells.tsx';
import { ICON_PATHS } from '../../../components/icons.tsx';

export interface LevelColumns {
  study: ColumnSetting[];
  series: ColumnSetting[];
  instance: ColumnSetting[];
}

export interface StudyTableProps {
  store: StudyListStore;
  columns: LevelColumns;
  context: FormatContext;
  canEditNote: boolean;
  onOpen: (study: StudyNode) => void;
  onEditNote: (study: StudyNode) => void;
}

const CHECK_WIDTH = 34;
const EXPAND_WIDTH = 28;

function clickMode(event: MouseEvent): ClickMode {
  if (event.shiftKey) return 'range';
  if (event.ctrlKey || event.metaKey) return 'toggle';
  return 'single';
}

/** Shift-click would otherwise select the text between the two rows. */
function keepTextSelection(event: MouseEvent): void {
  if (event.shiftKey) event.preventDefault();
}

function Chevron({ open }: { open: boolean }) {
  return (
    <svg className={`chevron${open ? ' is-open' : ''}`} width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={ICON_PATHS.right} fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function ExpandButton({ open, label, onToggle }: { open: boolean; label: string; onToggle: () => void }) {
  return (
    <button
      type="button"
      className="expand-button"
      aria-expanded={open}
      aria-label={label}
      onClick={(event) => {
        event.stopPropagation();
        onToggle();
      }}
      onDoubleClick={(event) => event.stopPropagation()}
    >
      <Chevron open={open} />
    </button>
  );
}

export function RowCheckbox({ checked, label, onToggle }: { checked: boolean; label: string; onToggle: () => void }) {
  return (
    <input
      type="checkbox"
      className="checkbox"
      checked={checked}
      aria-label={label}
      onChange={onToggle}
      onClick={(event) => event.stopPropagation()}
      onDoubleClick={(event) => event.stopPropagation()}
    />
  );
}

function tableWidth(columns: readonly ColumnSetting[], extra: number): number {
  return columns.reduce((sum, column) => sum + column.width, extra);
}

function ColGroup({ columns, check, expand }: { columns: readonly ColumnSetting[]; check: boolean; expand: boolean }) {
  return (
    <colgroup>
      {check && <col style={{ inlineSize: CHECK_WIDTH, width: CHECK_WIDTH }} />}
      {expand && <col style={{ inlineSize: EXPAND_WIDTH, width: EXPAND_WIDTH }} />}
      {columns.map((column) => (
        <col key={column.key} style={{ inlineSize: column.width, width: column.width }} />
      ))}
    </colgroup>
  );
}

const SortHeader = observer(function SortHeader({
  store,
  column,
  level,
}: {
  store: StudyListStore;
  column: ColumnSetting;
  level: ListLevel;
}) {
  const intl = useIntl();
  const label = columnLabel(intl, column);
  if (level !== 'study' || !isSortable(level, column.key)) {
    return (
      <th scope="col" style={alignStyle(column)} title={label} aria-label={label}>
        {/* A 40 px favourite column has room for its symbol, not its name. */}
        {column.key === 'IsFavorite' ? <StarIcon filled={false} /> : label}
      </th>
    );
  }
  const index = store.order.findIndex((term) => term.key === column.key);
  const term = store.order[index];
  const sort = term ? (term.desc ? 'descending' : 'ascending') : undefined;
  return (
    <th scope="col" style={alignStyle(column)} aria-sort={sort} className={term ? 'is-sorted' : undefined}>
      <button
        type="button"
        className="sort-button"
        title={label}
        onClick={(event) => {
          store.sortBy(column.key, event.shiftKey);
          void store.search();
        }}
      >
        <span className="sort-label">{label}</span>
        {term && (
          <span className="sort-mark" aria-hidden="true">
            {term.desc ? '▼' : '▲'}
            {store.order.length > 1 && <sub>{index + 1}</sub>}
          </span>
        )}
      </button>
    </th>
  );
});

function StudyCell({ column, study, props }: { column: ColumnSetting; study: StudyNode; props: StudyTableProps }): ReactNode {
  const item = study.item;
  switch (column.key) {
    case 'IsFavorite':
      return (
        <td style={alignStyle(column)}>
          <FavoriteButton study={study} onToggle={() => void props.store.toggleFavorite(study)} />
        </td>
      );
    case 'IsShared':
      return (
        <td style={alignStyle(column)}>
          <SharedMark shared={item.IsShared} />
        </td>
      );
    case 'ReportStatus':
      return (
        <td style={alignStyle(column)}>
          <ReportStatusBadge status={item.ReportStatus} />
        </td>
      );
    case 'WorklistEntry':
      return (
        <td style={alignStyle(column)} className="cell-order">
          <WorklistEntryCell entry={item.WorklistEntry} dateFormat={props.context.dateFormat} />
        </td>
      );
    case 'Note':
      return (
        <td style={alignStyle(column)}>
          <NoteCell study={item} canEdit={props.canEditNote} onEdit={() => props.onEditNote(study)} />
        </td>
      );
    case 'PatientName':
      return (
        <td style={alignStyle(column)} className="cell-name" title={fullPersonName(item.PatientName)}>
          <PersonName value={item.PatientName} />
        </td>
      );
    default:
      return <TextCell column={column} item={item} context={props.context} />;
  }
}

const InstanceTable = observer(function InstanceTable({
  series,
  study,
  props,
}: {
  series: SeriesNode;
  study: StudyNode;
  props: StudyTableProps;
}) {
  const intl = useIntl();
  const columns = props.columns.instance;
  return (
    <table
      className="list-table level-instance"
      style={{ inlineSize: tableWidth(columns, CHECK_WIDTH) }}
      aria-label={intl.formatMessage({ id: 'studies.instances_of' }, { number: series.item.SeriesNumber ?? '' })}
    >
      <ColGroup columns={columns} check expand={false} />
      <thead>
        <tr>
          <th scope="col" aria-hidden="true" />
          {columns.map((column) => (
            <SortHeader key={column.key} store={props.store} column={column} level="instance" />
          ))}
        </tr>
      </thead>
      <tbody>
        {(series.instances ?? []).map((instance) => {
          const ref: RowRef = { level: 'instance', study, series, instance };
          return (
            <tr
              key={instance.item.SOPInstanceUID}
              className={`list-row instance-row${instance.is_selected ? ' is-selected' : ''}`}
              aria-selected={instance.is_selected}
              onMouseDown={keepTextSelection}
              onClick={(event) => props.store.click(ref, clickMode(event))}
              onDoubleClick={() => props.onOpen(study)}
            >
              <td className="cell-check">
                <RowCheckbox
                  checked={instance.is_selected}
                  label={intl.formatMessage({ id: 'studies.select_row' })}
                  onToggle={() => props.store.click(ref, 'toggle')}
                />
              </td>
              {columns.map((column) => (
                <TextCell key={column.key} column={column} item={instance.item} context={props.context} />
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
});

function LoadingRow({ span }: { span: number }) {
  return (
    <tr>
      <td colSpan={span} className="table-empty" role="status">
        <FormattedMessage id="common.loading" />
      </td>
    </tr>
  );
}

const SeriesTable = observer(function SeriesTable({ study, props }: { study: StudyNode; props: StudyTableProps }) {
  const intl = useIntl();
  const columns = props.columns.series;
  const span = columns.length + 2;
  return (
    <table
      className="list-table level-series"
      style={{ inlineSize: tableWidth(columns, CHECK_WIDTH + EXPAND_WIDTH) }}
      aria-label={intl.formatMessage({ id: 'studies.series_of' }, { patient: study.item.PatientID })}
    >
      <ColGroup columns={columns} check expand />
      <thead>
        <tr>
          <th scope="col" aria-hidden="true" />
          <th scope="col" aria-hidden="true" />
          {columns.map((column) => (
            <SortHeader key={column.key} store={props.store} column={column} level="series" />
          ))}
        </tr>
      </thead>
      <tbody>
        {study.series === null && study.is_loading && <LoadingRow span={span} />}
        {study.series?.length === 0 && (
          <tr>
            <td colSpan={span} className="table-empty">
              <FormattedMessage id="common.no_items_found" />
            </td>
          </tr>
        )}
        {(study.series ?? []).map((series) => {
          const ref: RowRef = { level: 'series', study, series };
          return (
            <Fragment key={series.item.SeriesInstanceUID}>
              <tr
                className={`list-row series-row${series.is_selected ? ' is-selected' : ''}`}
                aria-selected={series.is_selected}
                onMouseDown={keepTextSelection}
                onClick={(event) => props.store.click(ref, clickMode(event))}
                onDoubleClick={() => props.onOpen(study)}
              >
                <td className="cell-check">
                  <RowCheckbox
                    checked={series.is_selected}
                    label={intl.formatMessage({ id: 'studies.select_row' })}
                    onToggle={() => props.store.click(ref, 'toggle')}
                  />
                </td>
                <td className="cell-expand">
                  <ExpandButton
                    open={series.is_expanded}
                    label={intl.formatMessage(series.is_expanded ? { id: 'studies.hide_instances' } : { id: 'studies.show_instances' })}
                    onToggle={() => props.store.toggleSeries(series)}
                  />
                </td>
                {columns.map((column) => (
                  <TextCell key={column.key} column={column} item={series.item} context={props.context} />
                ))}
              </tr>
              {series.is_expanded && (
                <tr className="child-row">
                  <td colSpan={span} className="child-cell">
                    {series.instances === null ? (
                      <span className="muted" role="status">
                        <FormattedMessage id="common.loading" />
                      </span>
                    ) : (
                      <InstanceTable series={series} study={study} props={props} />
                    )}
                  </td>
                </tr>
              )}
            </Fragment>
          );
        })}
      </tbody>
    </table>
  );
});

const StudyRow = observer(function StudyRow({ study, span, props }: { study: StudyNode; span: number; props: StudyTableProps }) {
  const intl = useIntl();
  const ref: RowRef = { level: 'study', study };
  const classes = ['list-row', 'study-row', study.is_selected ? 'is-selected' : '', study.is_refreshed ? 'is-refreshed' : ''];
  return (
    <>
      <tr
        className={classes.filter(Boolean).join(' ')}
        aria-selected={study.is_selected}
        data-uid={study.item.StudyInstanceUID}
        onMouseDown={keepTextSelection}
        onClick={(event) => props.store.click(ref, clickMode(event))}
        onDoubleClick={() => props.onOpen(study)}
      >
        <td className="cell-check">
          <RowCheckbox
            checked={study.is_selected}
            label={intl.formatMessage({ id: 'studies.select_row' })}
            onToggle={() => props.store.click(ref, 'toggle')}
          />
        </td>
        <td className="cell-expand">
          <ExpandButton
            open={study.is_expanded}
            label={intl.formatMessage(study.is_expanded ? { id: 'studies.hide_series' } : { id: 'studies.show_series' })}
            onToggle={() => props.store.toggleStudy(study)}
          />
        </td>
        {props.columns.study.map((column) => (
          <StudyCell key={column.key} column={column} study={study} props={props} />
        ))}
      </tr>
      {study.is_expanded && (
        <tr className="child-row">
          <td colSpan={span} className="child-cell">
            <SeriesTable study={study} props={props} />
          </td>
        </tr>
      )}
    </>
  );
});

const SelectAll = observer(function SelectAll({ store }: { store: StudyListStore }) {
  const intl = useIntl();
  const box = useRef<HTMLInputElement>(null);
  const indeterminate = store.someSelected && !store.allSelected;
  useEffect(() => {
    if (box.current) box.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={box}
      type="checkbox"
      className="checkbox"
      checked={store.allSelected}
      disabled={store.rows.length === 0}
      aria-label={intl.formatMessage({ id: 'studies.select_all' })}
      onChange={(event) => store.setAllSelected(event.target.checked)}
    />
  );
});

export const StudyTable = observer(function StudyTable(props: StudyTableProps) {
  const intl = useIntl();
  const { store, columns } = props;
  const span = columns.study.length + 2;
  return (
    <div className="list-table-wrap">
      <table
        className="list-table level-study"
        style={{ inlineSize: tableWidth(columns.study, CHECK_WIDTH + EXPAND_WIDTH) }}
        aria-label={intl.formatMessage({ id: 'studies.title' })}
        aria-busy={store.loading}
      >
        <ColGroup columns={columns.study} check expand />
        <thead>
          <tr>
            <th scope="col" className="cell-check">
              <SelectAll store={store} />
            </th>
            <th scope="col" aria-hidden="true" />
            {columns.study.map((column) => (
              <SortHeader key={column.key} store={store} column={column} level="study" />
            ))}
          </tr>
        </thead>
        <tbody>
          {store.rows.map((study) => (
            <StudyRow key={study.item.StudyInstanceUID} study={study} span={span} props={props} />
          ))}
          {store.loaded && store.rows.length === 0 && (
            <tr>
              <td colSpan={span} className="table-empty">
                <FormattedMessage id="common.no_items_found" />
              </td>
            </tr>
          )}
          {!store.loaded && store.loading && <LoadingRow span={span} />}
        </tbody>
      </table>
    </div>
  );
});
