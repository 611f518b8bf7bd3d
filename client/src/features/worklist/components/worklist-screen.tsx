/**
 * /mwm: the modality worklist (spec 2 §2, on-premises editions, permission mwm). The list's search
 * bar (quick search, shortcuts, period) and a toolbar of the user's mwm items (add, edit, delete,
 * search, refresh; folders and dividers as the editor at user/mwm/toolbar arranges them); the
 * columns, page size and order of the site's layout (configs mwm, admin/client/mwm) or the user's
 * own (settings mwm, user/mwm/general), PatientID and PatientName always shown; the quick search
 * key of the site; paging and refresh like the study list; the heartbeat's "mwm" marker shows a
 * notice when entries changed elsewhere (another user, or images that started or completed one).
 * `?uid=` opens the list on one entry (the study list's link to a study's order).
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import {
  defaultModalityItems,
  defaultSettings,
  isDicomUid,
  worklistLayout,
  WORKLIST_ALWAYS_VISIBLE,
  type ColumnSetting,
  type ToolbarItem,
} from '@pacs/common';
import { DeleteDialog } from '../../../components/delete-dialog.tsx';
import { ICON_PATHS, LineIcon } from '../../../components/icons.tsx';
import { SlotPortal } from '../../../components/slots.tsx';
import { DEFAULT_DATE_FORMAT, formatPersonName } from '../../../lib/dicom-format.ts';
import { handleError } from '../../../lib/error-effects.ts';
import { sessionStore, uiStore } from '../../../state/index.ts';
import { usePatientImport } from '../../patients/index.ts';
import { StudySearchBar, ToolbarFolder, useIsPhone, type FolderAction, type FormatContext } from '../../studies/index.ts';
import { visibleFolderItems, visibleToolbarItems } from '../../toolbars/index.ts';
import { folderLabel } from '../../../i18n/default-labels.ts';
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
const ALWAYS_VISIBLE = new Set(WORKLIST_ALWAYS_VISIBLE);
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
  const layout = worklistLayout(mwm, configs?.mwm);
  const remove = useDeleteWorklistEntry();
  const [searchParams] = useSearchParams();
  const [store] = useState(() => {
    const uid = searchParams.get('uid') ?? '';
    return new WorklistStore(
      {
        fetchPage: getWorklist,
        onError: (error) => handleError(error),
        onReloaded: () => uiStore.markPageRefreshed(PAGE_KEY),
      },
      {
        limit: layout.limit,
        quickKey: layout.quick_search.key,
        matchType: layout.quick_search.type,
        defaultOrder: layout.orderby,
        advanced: isDicomUid(uid) ? [['uid', uid]] : [],
      },
    );
  });
  const [dialog, setDialog] = useState<Dialogs | null>(null);
  const isPhone = useIsPhone();
  // The patient records the add dialog picks from are built from the archive once (spec 1 §4).
  const importing = usePatientImport();

  useEffect(() => {
    void store.search();
  }, [store]);

  const columns = worklistColumns(layout.fields, isPhone);
  const context: FormatContext = {
    dateFormat: configs?.date_format || DEFAULT_DATE_FORMAT,
    timeZone: configs?.time_zone || undefined,
    nameForm: configs?.patient_name?.ja,
  };
  const modalities = (configs?.modality?.items ?? defaultModalityItems()).filter((item) => item.is_visible).map((item) => item.key);
  const updated = uiStore.updatedPages.has(PAGE_KEY);
  const selected = store.selected;
  const close = () => setDialog(null);

  const label = (item: ToolbarItem) => {
    if (item.type === 'folder') return folderLabel(intl, item);
    const message = TOOLBAR_LABELS[item.key as keyof typeof TOOLBAR_LABELS];
    return message ? intl.formatMessage(message) : item.label;
  };
  const actionOf = (item: ToolbarItem): FolderAction | undefined => {
    switch (item.key) {
      case 'add':
        return { disabled: false, run: () => setDialog({ kind: 'add' }) };
      case 'edit':
        return { disabled: !selected, run: () => selected && setDialog({ kind: 'edit', entry: selected }) };
      case 'delete':
        return { disabled: !selected, run: () => selected && setDialog({ kind: 'delete', entry: selected }) };
      case 'search':
        return { disabled: false, run: () => setDialog({ kind: 'search' }) };
      case 'refresh':
        return { disabled: store.loading, run: () => void store.refresh() };
      default:
        return undefined;
    }
  };
  const visibility = { can: (permission: Parameters<typeof sessionStore.can>[0]) => sessionStore.can(permission) };
  const tool = (item: ToolbarItem) => {
    if (item.type === 'divider') return <span key={item.key} className="toolbar-divider" role="separator" />;
    if (item.type === 'folder') {
      const children = visibleFolderItems('mwm', item, visibility);
      if (children.length === 0) return null;
      return (
        <ToolbarFolder
          key={item.key}
          label={label(item)}
          items={children}
          itemLabel={label}
          actionOf={actionOf}
          laterTitle={intl.formatMessage({ id: 'worklist.toolbar.later' })}
        />
      );
    }
    const action = actionOf(item);
    if (!action) return null;
    return (
      <button
        key={item.key}
        type="button"
        className={`tool-button${item.key === 'add' ? ' tool-primary' : ''}`}
        disabled={action.disabled}
        onClick={action.run}
      >
        {item.key === 'refresh' && <LineIcon path={ICON_PATHS.refresh} strokeWidth={1.9} />}
        {label(item)}
      </button>
    );
  };
  const { left, right } = visibleToolbarItems('mwm', mwm.toolbar ?? [], visibility);

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
          <div className="toolbar-group">{left.map(tool)}</div>
          <div className="toolbar-group toolbar-end">
            {store.advanced.length > 0 && (
              <span className="selection-count" role="status">
                <FormattedMessage id="worklist.search.active" />
              </span>
            )}
            {right.map(tool)}
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
          subject={`${dialog.entry.PatientID} ${formatPersonName(dialog.entry.PatientName, sessionStore.nameForm)} · ${dialog.entry.Modality} ${dialog.entry.AccessionNumber}`.trim()}
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
