/**
 * The list toolbar (spec 2 §2, default list toolbar in @pacs/common): the user's items in their
 * order, left and right. Viewer, Report, Share, Import, Import sample, Export, CSV, Forward, Edit, Delete (to the
 * recycle bin), Search (the advanced search dialog) and Refresh work; the other actions arrive in later releases and show disabled. A
 * folder opens a menu of its items (toolbar-folder.tsx). An action the user may not use is not shown.
 */
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { countAdvancedFilters, type ToolbarItem } from '@pacs/common';
import { sessionStore } from '../../../state/index.ts';
import { folderLabel } from '../../../i18n/default-labels.ts';
import { ImportDialog, ImportSampleDialog } from '../../import/index.ts';
import { ShareAction } from '../../shares/index.ts';
import { siteHiddenFeatures, visibleFolderItems, visibleToolbarItems } from '../../toolbars/index.ts';
import type { StudyListStore } from '../study-list-store.ts';
import { ICON_PATHS, LineIcon } from '../../../components/icons.tsx';
import { AdvancedSearchDialog } from './advanced-search-dialog.tsx';
import { CsvDialog } from './csv-dialog.tsx';
import { ForwardDialog } from '../../forward/index.ts';
import { EditDialog, type EditTarget } from '../../edit/index.ts';
import { selectedResources, singleSelectedRow, type RowRef, type SelectedResource } from '../selection.ts';
import { ExportDialog } from './export-dialog.tsx';
import { ToolbarFolder, type FolderAction } from './toolbar-folder.tsx';
import { DeleteStudiesDialog } from '../../trash/index.ts';

const LABELS = defineMessages({
  viewer: { id: 'studies.toolbar.viewer' },
  report: { id: 'studies.toolbar.report' },
  share: { id: 'studies.toolbar.share' },
  export: { id: 'studies.toolbar.export' },
  import: { id: 'studies.toolbar.import' },
  import_sample: { id: 'toolbars.feature.import_sample' },
  forward: { id: 'studies.toolbar.forward' },
  csv: { id: 'studies.toolbar.csv' },
  add: { id: 'studies.toolbar.add' },
  edit: { id: 'studies.toolbar.edit' },
  note: { id: 'studies.toolbar.note' },
  delete: { id: 'studies.toolbar.delete' },
  assign: { id: 'studies.toolbar.assign' },
  unassign: { id: 'studies.toolbar.unassign' },
  order: { id: 'studies.toolbar.order' },
  search: { id: 'studies.toolbar.search' },
  refresh: { id: 'studies.toolbar.refresh' },
});

export interface StudyToolbarProps {
  store: StudyListStore;
  items: readonly ToolbarItem[];
  onOpenViewer: () => void;
  onRefresh: () => void;
}

export const StudyToolbar = observer(function StudyToolbar({ store, items, onOpenViewer, onRefresh }: StudyToolbarProps) {
  const intl = useIntl();
  const later = intl.formatMessage({ id: 'studies.toolbar.later' });
  const label = (item: ToolbarItem) => {
    if (item.type === 'folder') return folderLabel(intl, item);
    const descriptor = LABELS[item.key as keyof typeof LABELS];
    return descriptor ? intl.formatMessage(descriptor) : item.label;
  };
  const selectedCount = store.selectedStudies.length;
  const [importOpen, setImportOpen] = useState(false);
  const [sampleOpen, setSampleOpen] = useState(false);
  const [csvOpen, setCsvOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const [forwardItems, setForwardItems] = useState<SelectedResource[] | null>(null);
  const [exportOpen, setExportOpen] = useState(false);
  const [editTarget, setEditTarget] = useState<EditTarget | null>(null);
  const [deleteItems, setDeleteItems] = useState<SelectedResource[] | null>(null);
  const navigate = useNavigate();
  const single = singleSelectedRow(store.rows);
  // A feature the site switched off (admin/general/option: Import sample) is not drawn, whatever a user's toolbar holds.
  const siteHidden = siteHiddenFeatures(sessionStore.configs);
  const visibility = {
    can: (permission: Parameters<typeof sessionStore.can>[0]) => sessionStore.can(permission),
    implemented: (key: string) => !siteHidden.has(key),
  };

  /** Actions that work the same on the bar and inside a folder. */
  const folderAction = (item: ToolbarItem): FolderAction | undefined => {
    if (item.key === 'edit') return { disabled: !single, run: () => single && setEditTarget(editTargetOf(single)) };
    if (item.key === 'delete') return { disabled: selectedCount === 0, run: () => setDeleteItems(selectedResources(store.rows)) };
    if (item.key === 'import_sample') return { disabled: false, run: () => setSampleOpen(true) };
    return undefined;
  };

  const render = (item: ToolbarItem) => {
    if (item.type === 'divider') return <span key={item.key} className="toolbar-divider" role="separator" />;
    if (item.key === 'viewer') {
      return (
        <button key={item.key} type="button" className="tool-button tool-primary" disabled={selectedCount === 0} onClick={onOpenViewer}>
          <LineIcon path={ICON_PATHS.viewer} strokeWidth={1.9} />
          {label(item)}
        </button>
      );
    }
    if (item.key === 'refresh') {
      return (
        <button key={item.key} type="button" className="tool-button" disabled={store.loading} onClick={onRefresh}>
          <LineIcon path={ICON_PATHS.refresh} strokeWidth={1.9} />
          {label(item)}
        </button>
      );
    }
    if (item.key === 'report') {
      const [study] = store.selectedStudies;
      return (
        <button
          key={item.key}
          type="button"
          className="tool-button"
          disabled={!study}
          onClick={() => study && navigate(`/report?studyinstanceuid=${encodeURIComponent(study.item.StudyInstanceUID)}`)}
        >
          {label(item)}
        </button>
      );
    }
    if (item.key === 'share') {
      return (
        <ShareAction key={item.key} label={label(item)} study={store.selectedStudies[0]?.item} onShared={() => void store.refresh()} />
      );
    }
    if (item.key === 'import') {
      return (
        <button key={item.key} type="button" className="tool-button" onClick={() => setImportOpen(true)}>
          {label(item)}
        </button>
      );
    }
    if (item.key === 'forward') {
      return (
        <button
          key={item.key}
          type="button"
          className="tool-button"
          disabled={selectedCount === 0}
          onClick={() => setForwardItems(selectedResources(store.rows))}
        >
          {label(item)}
        </button>
      );
    }
    if (item.key === 'export') {
      return (
        <button key={item.key} type="button" className="tool-button" disabled={selectedCount === 0} onClick={() => setExportOpen(true)}>
          {label(item)}
        </button>
      );
    }
    if (item.type === 'folder') {
      const children = visibleFolderItems('list', item, visibility);
      if (children.length === 0) return null;
      return (
        <ToolbarFolder key={item.key} label={label(item)} items={children} itemLabel={label} actionOf={folderAction} laterTitle={later} />
      );
    }
    const action = folderAction(item);
    if (action) {
      return (
        <button key={item.key} type="button" className="tool-button" disabled={action.disabled} onClick={action.run}>
          {label(item)}
        </button>
      );
    }
    if (item.key === 'search') {
      const active = countAdvancedFilters(store.filters.advanced);
      return (
        <button
          key={item.key}
          type="button"
          className={`tool-button${active > 0 ? ' is-active' : ''}`}
          aria-haspopup="dialog"
          onClick={() => setSearchOpen(true)}
        >
          <LineIcon path={ICON_PATHS.search} strokeWidth={1.9} />
          {label(item)}
          {active > 0 && (
            <span className="tool-badge" aria-label={intl.formatMessage({ id: 'studies.advanced.active' }, { count: active })}>
              {intl.formatNumber(active)}
            </span>
          )}
        </button>
      );
    }
    if (item.key === 'csv') {
      return (
        <button key={item.key} type="button" className="tool-button" onClick={() => setCsvOpen(true)}>
          {label(item)}
        </button>
      );
    }
    return (
      <button key={item.key} type="button" className="tool-button" disabled title={later}>
        {label(item)}
      </button>
    );
  };

  const { left, right } = visibleToolbarItems('list', items, visibility);
  return (
    <div className="study-toolbar">
      <div className="toolbar-group">{left.map(render)}</div>
      <div className="toolbar-group toolbar-end">
        {selectedCount > 0 && (
          <span className="selection-count" role="status">
            {intl.formatMessage({ id: 'studies.selected' }, { count: selectedCount })}
          </span>
        )}
        {right.map(render)}
      </div>
      {searchOpen && <AdvancedSearchDialog store={store} onClose={() => setSearchOpen(false)} />}
      {csvOpen && <CsvDialog store={store} onClose={() => setCsvOpen(false)} />}
      {forwardItems && <ForwardDialog items={forwardItems} onClose={() => setForwardItems(null)} />}
      {deleteItems && (
        <DeleteStudiesDialog items={deleteItems} onClose={() => setDeleteItems(null)} onDeleted={() => void store.refresh()} />
      )}
      {exportOpen && <ExportDialog store={store} onClose={() => setExportOpen(false)} />}
      {editTarget && <EditDialog target={editTarget} onClose={() => setEditTarget(null)} onSaved={() => void store.refresh()} />}
      {importOpen && <ImportDialog onClose={() => setImportOpen(false)} onImported={() => void store.refresh()} />}
      {sampleOpen && <ImportSampleDialog onClose={() => setSampleOpen(false)} onImported={() => void store.refresh()} />}
    </div>
  );
});

/** The selected row as the edit dialogs take it. */
function editTargetOf(row: RowRef): EditTarget {
  if (row.level === 'study') return { level: 'study', study: row.study.item };
  if (row.level === 'series') return { level: 'series', study: row.study.item, series: row.series.item };
  return { level: 'instance', study: row.study.item, series: row.series.item, instance: row.instance.item };
}
