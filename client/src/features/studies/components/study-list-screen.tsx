/**
 * /list: the study list with its search bar and toolbar (spec 2 §2). The list, search bar and
 * toolbar share one store; when the heartbeat's "study" marker says the server's list changed since
 * the page last loaded, the list reloads by itself (auto refresh) or shows a notice.
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { defaultModalityItems, defaultSettings, isOnPremises } from '@pacs/common';
import { handleError } from '../../../lib/error-effects.ts';
import { SlotPortal } from '../../../components/slots.tsx';
import { sessionStore, uiStore } from '../../../state/index.ts';
import { useToolbarItems } from '../../toolbars/index.ts';
import { paths } from '../../../lib/paths.ts';
import { getInstances } from '../api/get-instances.ts';
import { getSeries } from '../api/get-series.ts';
import { getStudies } from '../api/search-studies.ts';
import { patchUpdateStudy } from '../api/update-study.ts';
import { hiddenStudyColumns, visibleColumns } from '../columns.ts';
import { DEFAULT_DATE_FORMAT } from '../../../lib/dicom-format.ts';
import { type FormatContext } from '../format.ts';
import type { StudyNode } from '../selection.ts';
import { StudyListStore } from '../study-list-store.ts';
import { useIsPhone } from '../../../lib/use-screen-class.ts';
import { NoteDialog } from './note-dialog.tsx';
import { StudySearchBar } from './study-search-bar.tsx';
import { StudyCards } from './study-cards.tsx';
import { StudyTable, type LevelColumns } from './study-table.tsx';
import { StudyToolbar } from './study-toolbar.tsx';
import { ForwardProgress } from '../../forward/index.ts';
import { preloadViewerChunks } from '../../../viewer/preload.ts';
import '../studies.css';

const PAGE_KEY = 'study';

export const StudyListScreen = observer(function StudyListScreen() {
  const intl = useIntl();
  const navigate = useNavigate();
  const settings = sessionStore.settings ?? defaultSettings();
  const configs = sessionStore.configs;
  const list = settings.list;
  const toolbarItems = useToolbarItems('list');

  const [store] = useState(
    () =>
      new StudyListStore(
        {
          fetchPage: (params) => getStudies(params),
          fetchSeries: getSeries,
          fetchInstances: getInstances,
          updateStudy: patchUpdateStudy,
          onError: (error) => handleError(error),
          onReloaded: () => uiStore.markPageRefreshed(PAGE_KEY),
        },
        { limit: list.limit, quickKey: list.quick_search?.key, matchType: list.quick_search?.type },
      ),
  );
  const [noteFor, setNoteFor] = useState<StudyNode | null>(null);
  const isPhone = useIsPhone();

  useEffect(() => {
    // The viewer is the list's next step: its code downloads once the first page is in.
    void store.search().finally(() => preloadViewerChunks());
  }, [store]);

  const hidden = hiddenStudyColumns(
    sessionStore.edition,
    sessionStore.account?.Teleradiology ?? null,
    isOnPremises(sessionStore.edition) && sessionStore.can('mwm'),
  );
  const columns: LevelColumns = {
    study: visibleColumns(list.fields.study, hidden),
    series: visibleColumns(list.fields.series),
    instance: visibleColumns(list.fields.instance),
  };
  const context: FormatContext = {
    dateFormat: configs?.date_format || DEFAULT_DATE_FORMAT,
    timeZone: configs?.time_zone || undefined,
    nameForm: configs?.patient_name?.ja,
  };
  const modalities = (configs?.modality?.items ?? defaultModalityItems()).filter((item) => item.is_visible).map((item) => item.key);
  const canEditNote = sessionStore.can('list_note');
  const updated = uiStore.updatedPages.has(PAGE_KEY);
  const autoRefresh = list.auto_refresh !== false;
  const busy = store.loading || !store.loaded;
  const autoRefreshed = useRef(false);

  useEffect(() => {
    // Auto refresh (settings list.auto_refresh, on by default, spec 2 §9): reload what is loaded
    // as Refresh does, keeping selection and expansion; off, the notice below asks first.
    // Once per change: a refresh that fails leaves `updated` set, and must not be retried in a loop.
    if (!updated) autoRefreshed.current = false;
    else if (autoRefresh && !busy && !autoRefreshed.current) {
      autoRefreshed.current = true;
      void store.refresh();
    }
  }, [updated, autoRefresh, busy, store]);

  const openViewer = (study: StudyNode) => {
    navigate(`${paths.viewer.getHref()}?studyinstanceuid=${encodeURIComponent(study.item.StudyInstanceUID)}`);
  };
  const openSelected = () => {
    const [first] = store.selectedStudies;
    if (first) openViewer(first);
  };

  return (
    <div className="study-list">
      <h1 className="visually-hidden">
        <FormattedMessage id="studies.title" />
      </h1>
      <SlotPortal slot="search-bar">
        <StudySearchBar
          store={store}
          parts={list.search_bar}
          shortcuts={list.search_shortcut}
          modalities={modalities}
          showFavorites={!hidden.has('IsFavorite')}
        />
      </SlotPortal>
      <SlotPortal slot="toolbar">
        <StudyToolbar store={store} items={toolbarItems} onOpenViewer={openSelected} onRefresh={() => void store.refresh()} />
      </SlotPortal>

      {/* With auto refresh the notice shows only when the refresh failed, so the user can try again. */}
      {updated && (!autoRefresh || (autoRefreshed.current && !busy)) && (
        <div className="list-notice" role="status">
          <span>
            <FormattedMessage id="studies.updated_notice" />
          </span>
          <button type="button" className="button button-small" onClick={() => void store.refresh()}>
            <FormattedMessage id="studies.refresh" />
          </button>
        </div>
      )}

      {sessionStore.can('list_forward') && <ForwardProgress />}

      {isPhone ? (
        <StudyCards store={store} context={context} keys={new Set(columns.study.map((column) => column.key))} onOpen={openViewer} />
      ) : (
        <StudyTable
          store={store}
          columns={columns}
          context={context}
          canEditNote={canEditNote}
          onOpen={openViewer}
          onEditNote={setNoteFor}
        />
      )}

      <footer className="list-footer">
        <span className="list-count" role="status" aria-live="polite">
          {store.loaded && intl.formatMessage({ id: 'studies.count' }, { shown: store.rows.length, total: store.count })}
        </span>
        {store.hasMore && (
          <button type="button" className="button button-small" disabled={store.loading} onClick={() => void store.loadMore()}>
            <FormattedMessage id="studies.load_more" />
          </button>
        )}
      </footer>

      {noteFor && <NoteDialog study={noteFor.item} onSaved={(study) => store.applyUpdate(study)} onClose={() => setNoteFor(null)} />}
    </div>
  );
});
