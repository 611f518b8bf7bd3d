/**
 * admin/server/recycle-bin (spec 2 §2–§4, spec 3 admin/server tabs; permission admin): what was
 * deleted from the list, newest first, with its size and the day it goes for good; restore or
 * delete for good what is selected or everything; the retention period; the history of permanent
 * deletes. The heartbeat's `trashbox` marker says when someone else changed the bin.
 */
import { useQueryClient } from '@tanstack/react-query';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { RestoreResult, TrashDeleteRun, TrashId } from '@pacs/common';
import { FormAlert } from '../../../components/form-fields.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { DEFAULT_DATE_FORMAT } from '../../../lib/dicom-format.ts';
import { formatFileSize } from '../../../lib/format.ts';
import { sessionStore, uiStore } from '../../../state/index.ts';
import { useIsPhone, type FormatContext } from '../../studies/index.ts';
import { useDeleteTrash } from '../api/delete-trash.ts';
import { getTrashInstancesQueryOptions } from '../api/get-trash-instances.ts';
import { getTrashSeriesQueryOptions } from '../api/get-trash-series.ts';
import { useTrashSettings } from '../api/get-trash-settings.ts';
import { useTrashStudies } from '../api/get-trash-studies.ts';
import { useRestoreTrash, type TrashTarget } from '../api/restore-trash.ts';
import { trashQueryKey } from '../api/trash-keys.ts';
import { NO_SELECTION, selectedIds, selectionSummary, toggle, type ChildrenOf, type RowPath, type TrashSelection } from '../selection.ts';
import { trashColumns } from '../trash-columns.ts';
import { countsText } from '../counts.ts';
import { DeleteHistory } from './delete-history.tsx';
import { RetentionForm } from './retention-form.tsx';
import { TrashConfirm, type TrashAction } from './trash-confirm.tsx';
import { TrashTable } from './trash-table.tsx';
import '../trash.css';

const PAGE_KEY = 'trashbox';
const PAGE_SIZE = 50;

type Outcome = { kind: 'restored'; result: RestoreResult } | { kind: 'deleted'; result: TrashDeleteRun };

function OutcomeNote({ outcome }: { outcome: Outcome }) {
  const intl = useIntl();
  const { result } = outcome;
  const items = countsText(intl, { studies: result.Studies, series: result.Series, instances: result.Instances });
  if (outcome.kind === 'restored') {
    return (
      <FormAlert tone="success">
        <FormattedMessage id="trash.outcome.restored" values={{ items }} />
      </FormAlert>
    );
  }
  if (outcome.result.FinishedAt === null) {
    // The adapter answers after a few seconds while a large delete goes on; the bin marks what it still holds.
    return (
      <FormAlert tone="success">
        <FormattedMessage id="trash.outcome.continuing" />
      </FormAlert>
    );
  }
  return (
    <FormAlert tone={outcome.result.Failed > 0 ? 'danger' : 'success'}>
      <FormattedMessage id="trash.outcome.deleted" values={{ items, size: formatFileSize(outcome.result.FileSize) }} />
      {outcome.result.Failed > 0 && (
        <>
          {' '}
          <FormattedMessage id="trash.outcome.failed" values={{ count: outcome.result.Failed }} />
        </>
      )}
    </FormAlert>
  );
}

export const TrashScreen = observer(function TrashScreen() {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [offset, setOffset] = useState(0);
  const [selection, setSelection] = useState<TrashSelection>(NO_SELECTION);
  const [expanded, setExpanded] = useState<ReadonlySet<TrashId>>(new Set());
  const [action, setAction] = useState<TrashAction | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const studies = useTrashStudies(PAGE_SIZE, offset);
  const settings = useTrashSettings();
  const restore = useRestoreTrash();
  const remove = useDeleteTrash();
  const isPhone = useIsPhone();

  const configs = sessionStore.configs;
  const context: FormatContext = {
    dateFormat: configs?.date_format || DEFAULT_DATE_FORMAT,
    timeZone: configs?.time_zone || undefined,
    nameForm: configs?.patient_name?.ja,
  };
  const columns = trashColumns(configs, isPhone);
  const page = studies.data;
  const items = page?.Items ?? [];
  const count = page?.Count ?? 0;
  const updated = uiStore.updatedPages.has(PAGE_KEY);
  const busy = restore.isPending || remove.isPending;

  // A fresh answer is what the page shows now: the heartbeat's "changed" no longer applies.
  useEffect(() => {
    if (studies.isSuccess && !studies.isPlaceholderData) uiStore.markPageRefreshed(PAGE_KEY);
  }, [studies.dataUpdatedAt, studies.isSuccess, studies.isPlaceholderData]);

  // A page emptied by a restore or delete steps back to the last page that has rows.
  useEffect(() => {
    if (page && page.Items.length === 0 && offset > 0) setOffset(Math.max(0, Math.floor((page.Count - 1) / PAGE_SIZE) * PAGE_SIZE));
  }, [page, offset]);

  const childrenOf: ChildrenOf = (id) =>
    id.startsWith('study-')
      ? queryClient.getQueryData(getTrashSeriesQueryOptions(id).queryKey)?.map((series) => series.Id)
      : queryClient.getQueryData(getTrashInstancesQueryOptions(id).queryKey)?.map((instance) => instance.Id);

  const toggleRow = (path: RowPath) => setSelection((current) => toggle(current, path, childrenOf));
  const selectPage = (selected: boolean) =>
    setSelection(selected ? new Set(items.filter((study) => !study.IsDeleting).map((study) => study.Id)) : NO_SELECTION);
  const toggleExpanded = (id: TrashId) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const goTo = (next: number) => {
    setOffset(next);
    setSelection(NO_SELECTION);
    setExpanded(new Set());
  };
  const refresh = () => {
    uiStore.markPageRefreshed(PAGE_KEY);
    void queryClient.invalidateQueries({ queryKey: trashQueryKey });
  };

  const run = async (chosen: TrashAction) => {
    const target: TrashTarget = chosen === 'restore_all' || chosen === 'delete_all' ? 'all' : selectedIds(selection);
    setOutcome(null);
    if (chosen === 'restore' || chosen === 'restore_all') setOutcome({ kind: 'restored', result: await restore.mutateAsync(target) });
    else setOutcome({ kind: 'deleted', result: await remove.mutateAsync(target) });
    setSelection(NO_SELECTION);
  };

  const summary = selectionSummary(selection);
  const nothingSelected = selection.size === 0;
  const empty = page !== undefined && count === 0;
  const last = Math.min(offset + items.length, count);

  return (
    <div className="page trash-page">
      <PageHeader
        title={<FormattedMessage id="trash.title" />}
        description={
          settings.data ? (
            <FormattedMessage id="trash.description" values={{ days: settings.data.TrashRetentionPeriod }} />
          ) : (
            <FormattedMessage id="trash.description_plain" />
          )
        }
      >
        {page && (
          <p className="trash-total" role="status">
            <span className="muted">
              <FormattedMessage id="trash.total" />
            </span>{' '}
            <strong>{formatFileSize(page.TotalSize)}</strong>
          </p>
        )}
      </PageHeader>

      {updated && (
        <div className="trash-notice" role="status">
          <span>
            <FormattedMessage id="trash.updated_notice" />
          </span>
          <button type="button" className="button button-small" onClick={refresh}>
            <FormattedMessage id="trash.refresh" />
          </button>
        </div>
      )}

      <section className="card trash-bin" aria-labelledby="trash-bin-title">
        <h2 id="trash-bin-title" className="visually-hidden">
          <FormattedMessage id="trash.table.title" />
        </h2>
        <div className="trash-actions" role="toolbar" aria-label={intl.formatMessage({ id: 'trash.actions' })}>
          <div className="trash-action-group">
            <button type="button" className="button" disabled={nothingSelected || busy} onClick={() => setAction('restore')}>
              <FormattedMessage id="trash.restore" />
            </button>
            <button
              type="button"
              className="button button-danger-quiet"
              disabled={nothingSelected || busy}
              onClick={() => setAction('delete')}
            >
              <FormattedMessage id="trash.delete" />
            </button>
            {!nothingSelected && (
              <span className="trash-selected muted" role="status">
                <FormattedMessage id="trash.selected_items" values={{ items: countsText(intl, summary) }} />
              </span>
            )}
          </div>
          <div className="trash-action-group">
            <button type="button" className="button" disabled={empty || !page || busy} onClick={() => setAction('restore_all')}>
              <FormattedMessage id="trash.restore_all" />
            </button>
            <button
              type="button"
              className="button button-danger-quiet"
              disabled={empty || !page || busy}
              onClick={() => setAction('delete_all')}
            >
              <FormattedMessage id="trash.delete_all" />
            </button>
            <button type="button" className="button" disabled={studies.isFetching} onClick={refresh}>
              <FormattedMessage id="trash.refresh" />
            </button>
          </div>
        </div>

        {outcome && <OutcomeNote outcome={outcome} />}

        {page === undefined ? (
          <p className="trash-empty muted" role="status">
            {studies.isError ? <FormattedMessage id="trash.load_failed" /> : <FormattedMessage id="common.loading" />}
          </p>
        ) : empty ? (
          <p className="trash-empty muted" role="status">
            <FormattedMessage id="common.no_items_found" />
          </p>
        ) : (
          <TrashTable
            studies={items}
            columns={columns}
            context={context}
            selection={selection}
            expanded={expanded}
            busy={busy}
            onToggleRow={toggleRow}
            onToggleExpanded={toggleExpanded}
            onSelectPage={selectPage}
          />
        )}

        {count > 0 && (
          <footer className="trash-pager">
            <span className="muted" role="status">
              <FormattedMessage id="trash.range" values={{ first: offset + 1, last, count }} />
            </span>
            {count > PAGE_SIZE && (
              <span className="trash-pager-buttons">
                <button
                  type="button"
                  className="button button-small"
                  disabled={offset === 0}
                  onClick={() => goTo(Math.max(0, offset - PAGE_SIZE))}
                >
                  <FormattedMessage id="trash.previous" />
                </button>
                <button type="button" className="button button-small" disabled={last >= count} onClick={() => goTo(offset + PAGE_SIZE)}>
                  <FormattedMessage id="trash.next" />
                </button>
              </span>
            )}
          </footer>
        )}
      </section>

      <div className="card card-narrow trash-retention">
        {settings.data ? (
          <RetentionForm settings={settings.data} />
        ) : (
          <p className="muted" role="status">
            {settings.isError ? <FormattedMessage id="trash.load_failed" /> : <FormattedMessage id="common.loading" />}
          </p>
        )}
      </div>

      <div className="card">
        <DeleteHistory dateFormat={context.dateFormat} timeZone={context.timeZone} />
      </div>

      {action && (
        <TrashConfirm
          action={action}
          summary={summary}
          total={{ studies: count, size: page?.TotalSize ?? 0 }}
          onConfirm={() => run(action)}
          onClose={() => setAction(null)}
        />
      )}
    </div>
  );
});
