/**
 * /mwm: the modality worklist (spec 2 §2, on-premises editions, permission mwm). The list's search
 * bar (quick search, shortcuts, period) and a toolbar of the user's mwm items (add, edit, delete,
 * search, refresh); the columns of the user's settings (`mwm.fields`, PatientID and PatientName
 * always shown); paging and refresh like the study list; the heartbeat's "mwm" marker shows a
 * notice when entries changed elsewhere (another user, or images that started or completed one).
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { defaultModalityItems, defaultSettings, type ColumnSetting, type ToolbarItem } from '@pacs/common';
import { DeleteDialog } from '../../../components/delete-dialog.tsx';
import { ICON_PATHS, LineIcon } from '../../../components/icons.tsx';
import { SlotPortal } from '../../../components/slots.tsx';
import { DEFAULT_DATE_FORMAT } from '../../../lib/dicom-format.ts';
import { handleError } from '../../../lib/error-effects.ts';
import { sessionStore, uiStore } from '../../../state/index.ts';
import { usePatientImport } from '../../patients/index.ts';
import { StudySearchBar, useIsPhone, type FormatContext } from '../../studies/index.ts';
import { getWorklist } from '../api/search-worklist.ts';
import { useDeleteWorklistEntry } from '../api/delete-worklist-entry.ts';
import { TOOLBAR_LABELS } from '../messages.ts';
import type { WorklistItem } from '../types.ts';
import { WorklistStore } from '../worklist-store.ts';
import { EntryDialog } from './entry-dialog.tsx';
import { SearchDialog } from './search-dialog.tsx';
import { WorklistTable } from './worklist-table.tsx';
import '../worklist.css';

const PAGE_KEY = 'mwm';
/** Spec 2 §4 "Configs migrations": the mwm fields PatientID and PatientName are forced visible. */
const ALWAYS_VISIBLE = new Set(['PatientID', 'PatientName']);
const PHONE_KEYS = new Set(['Status', 'PatientID', 'PatientName', 'Modality', 'StudyDateTime']);

/** The columns shown: the user's visible ones, PatientID and PatientName whatever the settings say. */
export function worklistColumns(fields: readonly ColumnSetting[], phone: boolean): ColumnSetting[] {
  const shown = fields.filter((field) => field.is_visible || ALWAYS_VISIBLE.has(field.key));
  return phone ? shown.filter((field) => PHONE_KEYS.has(field.key)) : shown;
}

/** Today as yyyy-mm-dd in the site's time zone (a new entry's date). */
function today(timeZone: string | undefined): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: timeZone || undefined, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );
}

type Dialogs = { kind: 'add' } | { kind: 'edit'; entry: WorklistItem } | { kind: 'delete'; entry: WorklistItem } | { kind: 'search' };

export const WorklistScreen = observer(function WorklistScreen() {
  const intl = useIntl();
  const settings = sessionStore.settings ?? defaultSettings();
  const configs = sessionStore.configs;
  const mwm = settings.mwm;
  const remove = useDeleteWorklistEntry();
  const [store] = useState(
    () =>
      new WorklistStore(
        {
          fetchPage: getWorklist,
          onError: (error) => handleError(error),
          onReloaded: () => uiStore.markPageRefreshed(PAGE_KEY),
        },
        { limit: mwm.limit, quickKey: configs?.mwm?.quick_search?.key, matchType: configs?.mwm?.quick_search?.type },
      ),
  );
  const [dialog, setDialog] = useState<Dialogs | null>(null);
  const isPhone = useIsPhone();
  // The patient records the add dialog picks from are built from the archive once (spec 1 §4).
  const importing = usePatientImport();

  useEffect(() => {
    void store.search();
  }, [store]);

  const columns = worklistColumns(mwm.fields.study, isPhone);
  const context: FormatContext = { dateFormat: configs?.date_format || DEFAULT_DATE_FORMAT, timeZone: configs?.time_zone || undefined };
  const modalities = (configs?.modality?.items ?? defaultModalityItems()).filter((item) => item.is_visible).map((item) => item.key);
  const updated = uiStore.updatedPages.has(PAGE_KEY);
  const selected = store.selected;
  const close = () => setDialog(null);

  const tool = (item: ToolbarItem) => {
    if (item.type !== 'feature' || !item.is_visible) return null;
    const label = TOOLBAR_LABELS[item.key as keyof typeof TOOLBAR_LABELS];
    if (!label) return null;
    const run: Record<keyof typeof TOOLBAR_LABELS, [boolean, () => void]> = {
      add: [false, () => setDialog({ kind: 'add' })],
      edit: [!selected, () => selected && setDialog({ kind: 'edit', entry: selected })],
      delete: [!selected, () => selected && setDialog({ kind: 'delete', entry: selected })],
      search: [false, () => setDialog({ kind: 'search' })],
      refresh: [store.loading, () => void store.refresh()],
    };
    const [disabled, onClick] = run[item.key as keyof typeof TOOLBAR_LABELS];
    return (
      <button
        key={item.key}
        type="button"
        className={`tool-button${item.key === 'add' ? ' tool-primary' : ''}`}
        disabled={disabled}
        onClick={onClick}
      >
        {item.key === 'refresh' && <LineIcon path={ICON_PATHS.refresh} strokeWidth={1.9} />}
        {intl.formatMessage(label)}
      </button>
    );
  };
  const items = mwm.toolbar ?? [];

  return (
    <div className="study-list worklist">
      <h1 className="visually-hidden">
        <FormattedMessage id="worklist.title" />
      </h1>
      <SlotPortal slot="search-bar">
        <StudySearchBar store={store} modalities={modalities} showFavorites={false} />
      </SlotPortal>
      <SlotPortal slot="toolbar">
        <div className="study-toolbar">
          <div className="toolbar-group">{items.filter((item) => item.position !== 'right').map(tool)}</div>
          <div className="toolbar-group toolbar-end">
            {store.advanced.length > 0 && (
              <span className="selection-count" role="status">
                <FormattedMessage id="worklist.search.active" />
              </span>
            )}
            {items.filter((item) => item.position === 'right').map(tool)}
          </div>
        </div>
      </SlotPortal>

      {importing && (
        <div className="list-notice" role="status">
          <span>
            <FormattedMessage id="patients.generating" />
          </span>
        </div>
      )}
      {updated && (
        <div className="list-notice" role="status">
          <span>
            <FormattedMessage id="worklist.updated_notice" />
          </span>
          <button type="button" className="button button-small" onClick={() => void store.refresh()}>
            <FormattedMessage id="worklist.toolbar.refresh" />
          </button>
        </div>
      )}

      <WorklistTable store={store} columns={columns} context={context} onEdit={(entry) => setDialog({ kind: 'edit', entry })} />

      <footer className="list-footer">
        <span className="list-count" role="status" aria-live="polite">
          {store.loaded && intl.formatMessage({ id: 'worklist.count' }, { shown: store.rows.length, total: store.count })}
        </span>
        {store.hasMore && (
          <button type="button" className="button button-small" disabled={store.loading} onClick={() => void store.loadMore()}>
            <FormattedMessage id="worklist.load_more" />
          </button>
        )}
      </footer>

      {(dialog?.kind === 'add' || dialog?.kind === 'edit') && (
        <EntryDialog
          entry={dialog.kind === 'edit' ? dialog.entry : undefined}
          modalities={modalities}
          today={today(configs?.time_zone)}
          onSaved={() => void store.refresh()}
          onClose={close}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteDialog
          title={<FormattedMessage id="worklist.delete.title" />}
          subject={`${dialog.entry.PatientID} ${dialog.entry.PatientName} · ${dialog.entry.Modality} ${dialog.entry.AccessionNumber}`.trim()}
          onDelete={async () => {
            await remove.mutateAsync(dialog.entry.UID);
            await store.refresh();
          }}
          onClose={close}
        />
      )}
      {dialog?.kind === 'search' && (
        <SearchDialog
          fields={mwm.search}
          modalities={modalities}
          current={store.advanced}
          onApply={(filters) => {
            store.setAdvanced(filters);
            void store.search();
          }}
          onClose={close}
        />
      )}
    </div>
  );
});
