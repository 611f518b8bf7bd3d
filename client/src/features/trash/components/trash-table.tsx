/**
 * The recycle bin's three levels (spec 2 §4 "Recycle bin"): studies, collapsed by default; an
 * expanded study shows its series in the bin, an expanded series its instances. Each row has a
 * checkbox; the selection rules live in selection.ts.
 */
import { Fragment, useEffect, useRef, type ReactNode } from 'react';
import { fullPersonName } from '../../../lib/dicom-format.ts';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ColumnSetting, TrashId, TrashInstance, TrashSeries, TrashStudy } from '@pacs/common';
import { ICON_PATHS } from '../../../components/icons.tsx';
import { columnLabel } from '../../../i18n/default-labels.ts';
import { alignStyle, formatCell, PersonName, type FormatContext } from '../../studies/index.ts';
import { useTrashInstances } from '../api/get-trash-instances.ts';
import { useTrashSeries } from '../api/get-trash-series.ts';
import { isChecked, type RowPath, type TrashSelection } from '../selection.ts';
import type { TrashColumns } from '../trash-columns.ts';

export interface TrashTableProps {
  studies: readonly TrashStudy[];
  columns: TrashColumns;
  context: FormatContext;
  selection: TrashSelection;
  expanded: ReadonlySet<TrashId>;
  busy: boolean;
  onToggleRow: (path: RowPath) => void;
  onToggleExpanded: (id: TrashId) => void;
  onSelectPage: (selected: boolean) => void;
}

const CHECK_WIDTH = 34;
const EXPAND_WIDTH = 28;

function tableWidth(columns: readonly ColumnSetting[], extra: number): number {
  return columns.reduce((sum, column) => sum + column.width, extra);
}

function ColGroup({ columns, expand }: { columns: readonly ColumnSetting[]; expand: boolean }) {
  return (
    <colgroup>
      <col style={{ width: CHECK_WIDTH }} />
      {expand && <col style={{ width: EXPAND_WIDTH }} />}
      {columns.map((column) => (
        <col key={column.key} style={{ width: column.width }} />
      ))}
    </colgroup>
  );
}

function Headings({ columns, expand, first }: { columns: readonly ColumnSetting[]; expand: boolean; first?: ReactNode }) {
  const intl = useIntl();
  return (
    <thead>
      <tr>
        <th scope="col" className="cell-check">
          {first}
        </th>
        {expand && <th scope="col" aria-hidden="true" />}
        {columns.map((column) => {
          const label = columnLabel(intl, column);
          return (
            <th key={column.key} scope="col" style={alignStyle(column)} title={label}>
              {label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}

/** One cell of any level: names as the list draws them, the institution by name. */
function Cell({ column, item, context }: { column: ColumnSetting; item: object; context: FormatContext }) {
  const record = item as Record<string, unknown>;
  if (column.key === 'PatientName' && typeof record.PatientName === 'string') {
    return (
      <td style={alignStyle(column)} title={fullPersonName(record.PatientName)}>
        <PersonName value={record.PatientName} />
      </td>
    );
  }
  const key = column.key === 'Institution' && record.InstitutionName ? 'InstitutionName' : column.key;
  const text = formatCell(key, item, context);
  return (
    <td style={alignStyle(column)} title={text || undefined}>
      {text}
    </td>
  );
}

function RowCheckbox({ checked, label, disabled, onToggle }: { checked: boolean; label: string; disabled: boolean; onToggle: () => void }) {
  return <input type="checkbox" className="checkbox" checked={checked} disabled={disabled} aria-label={label} onChange={onToggle} />;
}

function ExpandButton({ open, label, onToggle }: { open: boolean; label: string; onToggle: () => void }) {
  return (
    <button type="button" className="expand-button" aria-expanded={open} aria-label={label} onClick={onToggle}>
      <svg className={`chevron${open ? ' is-open' : ''}`} width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d={ICON_PATHS.right} fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </button>
  );
}

function ChildStatus({ span, loading }: { span: number; loading: boolean }) {
  return (
    <tr>
      <td colSpan={span} className="table-empty" role="status">
        {loading ? <FormattedMessage id="common.loading" /> : <FormattedMessage id="common.no_items_found" />}
      </td>
    </tr>
  );
}

function InstanceTable({ series, path, props }: { series: TrashSeries; path: RowPath; props: TrashTableProps }) {
  const intl = useIntl();
  const instances = useTrashInstances(series.Id);
  const columns = props.columns.instance;
  const rows: readonly TrashInstance[] = instances.data ?? [];
  return (
    <table
      className="list-table trash-level-instance"
      style={{ inlineSize: tableWidth(columns, CHECK_WIDTH) }}
      aria-label={intl.formatMessage({ id: 'trash.table.instances_of' }, { number: series.SeriesNumber ?? '' })}
    >
      <ColGroup columns={columns} expand={false} />
      <Headings columns={columns} expand={false} />
      <tbody>
        {rows.length === 0 && <ChildStatus span={columns.length + 1} loading={instances.isPending} />}
        {rows.map((instance) => {
          const rowPath = [...path, instance.Id];
          const checked = isChecked(props.selection, rowPath);
          return (
            <tr key={instance.Id} className={`trash-row${checked ? ' is-selected' : ''}`} aria-selected={checked}>
              <td className="cell-check">
                <RowCheckbox
                  checked={checked}
                  disabled={props.busy}
                  label={intl.formatMessage({ id: 'trash.table.select_instance' }, { number: instance.InstanceNumber ?? '' })}
                  onToggle={() => props.onToggleRow(rowPath)}
                />
              </td>
              {columns.map((column) => (
                <Cell key={column.key} column={column} item={instance} context={props.context} />
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function SeriesTable({ study, props }: { study: TrashStudy; props: TrashTableProps }) {
  const intl = useIntl();
  const series = useTrashSeries(study.Id);
  const columns = props.columns.series;
  const span = columns.length + 2;
  const rows: readonly TrashSeries[] = series.data ?? [];
  return (
    <table
      className="list-table trash-level-series"
      style={{ inlineSize: tableWidth(columns, CHECK_WIDTH + EXPAND_WIDTH) }}
      aria-label={intl.formatMessage({ id: 'trash.table.series_of' }, { patient: study.PatientID })}
    >
      <ColGroup columns={columns} expand />
      <Headings columns={columns} expand />
      <tbody>
        {rows.length === 0 && <ChildStatus span={span} loading={series.isPending} />}
        {rows.map((item) => {
          const path = [study.Id, item.Id];
          const checked = isChecked(props.selection, path);
          const open = props.expanded.has(item.Id);
          return (
            <Fragment key={item.Id}>
              <tr className={`trash-row trash-series-row${checked ? ' is-selected' : ''}`} aria-selected={checked}>
                <td className="cell-check">
                  <RowCheckbox
                    checked={checked}
                    disabled={props.busy}
                    label={intl.formatMessage({ id: 'trash.table.select_series' }, { number: item.SeriesNumber ?? '' })}
                    onToggle={() => props.onToggleRow(path)}
                  />
                </td>
                <td className="cell-expand">
                  <ExpandButton
                    open={open}
                    label={intl.formatMessage(open ? { id: 'trash.table.hide_instances' } : { id: 'trash.table.show_instances' })}
                    onToggle={() => props.onToggleExpanded(item.Id)}
                  />
                </td>
                {columns.map((column) => (
                  <Cell key={column.key} column={column} item={item} context={props.context} />
                ))}
              </tr>
              {open && (
                <tr className="trash-child-row">
                  <td colSpan={span} className="trash-child-cell">
                    <InstanceTable series={item} path={path} props={props} />
                  </td>
                </tr>
              )}
            </Fragment>
          );
        })}
      </tbody>
    </table>
  );
}

function StudyRow({ study, span, props }: { study: TrashStudy; span: number; props: TrashTableProps }) {
  const intl = useIntl();
  const path = [study.Id];
  const checked = isChecked(props.selection, path);
  const open = props.expanded.has(study.Id);
  const name = study.PatientName.replace(/\^/g, ' ') || study.PatientID;
  return (
    <>
      <tr className={`trash-row trash-study-row${checked ? ' is-selected' : ''}`} aria-selected={checked} data-id={study.Id}>
        <td className="cell-check">
          <RowCheckbox
            checked={checked}
            disabled={props.busy || study.IsDeleting}
            label={intl.formatMessage({ id: 'trash.table.select_study' }, { name })}
            onToggle={() => props.onToggleRow(path)}
          />
        </td>
        <td className="cell-expand">
          <ExpandButton
            open={open}
            label={intl.formatMessage(open ? { id: 'trash.table.hide_series' } : { id: 'trash.table.show_series' })}
            onToggle={() => props.onToggleExpanded(study.Id)}
          />
        </td>
        {props.columns.study.map((column) => (
          <Cell key={column.key} column={column} item={study} context={props.context} />
        ))}
      </tr>
      {(study.IsDeleting || !study.IsWhole) && (
        <tr className="trash-note-row">
          <td colSpan={span}>
            {study.IsDeleting ? <FormattedMessage id="trash.table.deleting" /> : <FormattedMessage id="trash.table.part" />}
          </td>
        </tr>
      )}
      {open && (
        <tr className="trash-child-row">
          <td colSpan={span} className="trash-child-cell">
            <SeriesTable study={study} props={props} />
          </td>
        </tr>
      )}
    </>
  );
}

function SelectPage({ props }: { props: TrashTableProps }) {
  const intl = useIntl();
  const box = useRef<HTMLInputElement>(null);
  const selectable = props.studies.filter((study) => !study.IsDeleting);
  const all = selectable.length > 0 && selectable.every((study) => props.selection.has(study.Id));
  const some = props.selection.size > 0 && !all;
  useEffect(() => {
    if (box.current) box.current.indeterminate = some;
  }, [some]);
  return (
    <input
      ref={box}
      type="checkbox"
      className="checkbox"
      checked={all}
      disabled={props.busy || selectable.length === 0}
      aria-label={intl.formatMessage({ id: 'trash.table.select_page' })}
      onChange={(event) => props.onSelectPage(event.target.checked)}
    />
  );
}

export function TrashTable(props: TrashTableProps) {
  const intl = useIntl();
  const columns = props.columns.study;
  const span = columns.length + 2;
  return (
    <div className="trash-table-wrap">
      <table
        className="list-table trash-level-study"
        style={{ inlineSize: tableWidth(columns, CHECK_WIDTH + EXPAND_WIDTH) }}
        aria-label={intl.formatMessage({ id: 'trash.table.title' })}
      >
        <ColGroup columns={columns} expand />
        <Headings columns={columns} expand first={<SelectPage props={props} />} />
        <tbody>
          {props.studies.map((study) => (
            <StudyRow key={study.Id} study={study} span={span} props={props} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
