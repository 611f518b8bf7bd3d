/**
 * The image viewer proper for one study (loaded as its own chunk by viewer-screen.tsx): the
 * study header, the search bar's comparison pickers, the toolbar built from the user's viewer
 * toolbar settings, the series thumbnails and either the viewport grid (series grid, each cell
 * possibly an image grid) or MPR of one series. Its state lives in hooks beside it (use-*.ts);
 * toolbar commands and keyboard shortcuts become effects through one pure function
 * (viewer-commands.ts), carried out here on the viewport service, MPR and the viewer's state.
 */
import { useQueryClient } from '@tanstack/react-query';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useMemo, useReducer, useState, useSyncExternalStore } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { defaultSettings, type PermissionKey } from '@pacs/common';
import { useScreenClass } from '../../../lib/use-screen-class.ts';
import { sessionStore } from '../../../state/index.ts';
import { useToolbarItems } from '../../toolbars/index.ts';
import { refOfImageId } from '../../../viewer/loading/image-ids.ts';
import { layoutOf } from '../../../viewer/layouts.ts';
import { mprService } from '../../../viewer/mpr-service.ts';
import { presetsFor } from '../../../viewer/presets.ts';
import { INTERACTION_TOOLS } from '../../../viewer/viewer-config.ts';
import { viewportService } from '../../../viewer/viewport-service.ts';
import { postCapture, seriesExportUrl } from '../api/capture.ts';
import { getSeriesQueryOptions, useSeries } from '../../studies/index.ts';
import { useStudy } from '../../studies/index.ts';
import { useKeyImages, useUpdateKeyImage } from '../api/key-images.ts';
import { comparableStudies } from '../comparison.ts';
import { INITIAL_VIEWER_STATE, viewerReducer } from '../viewer-state.ts';
import { ComparisonBar } from './comparison-bar.tsx';
import { DicomHeaderDialog } from './dicom-header-dialog.tsx';
import { MprView } from './mpr-view.tsx';
import { PhoneToolBar } from './phone-tool-bar.tsx';
import { SeriesThumbnails } from './series-thumbnails.tsx';
import { ShortcutsDialog } from './shortcuts-dialog.tsx';
import { StudyHeader } from './study-header.tsx';
import { StudyInfoSheet, StudyPanel, useStudyPanelOpen } from './study-panel.tsx';
import { AnnotationTextDialog } from './text-dialog.tsx';
import { VhsResult } from './vhs-dialog.tsx';
import { useCine } from './use-cine.ts';
import { useComparison } from './use-comparison.ts';
import { useNotice } from './use-notice.ts';
import { useSeriesLoading } from './use-series-loading.ts';
import { useViewerAnnotations } from './use-viewer-annotations.ts';
import { useInitialLayouts } from './use-viewer-layout.ts';
import { useViewerShortcuts } from './use-viewer-shortcuts.ts';
import { useAnnotationText, useViewportSettings } from './use-viewport-settings.ts';
import { viewerCommand, type CommandContext, type ViewerCommand, type ViewerEffect } from './viewer-commands.ts';
import { ViewerToolbar, type ToolbarState } from './viewer-toolbar.tsx';
import { ViewportCell, viewportIdOf } from './viewport-cell.tsx';
import { visibleCells } from '../viewer-state.ts';

const ZOOM_STEPS = (step: number, large: number) => [step, large];

function refOfActiveImage(viewportId: string) {
  const { imageId } = viewportService.getState(viewportId);
  return imageId ? refOfImageId(imageId) : null;
}

/** The header dialog follows the viewport's image as the reader scrolls, without the viewer around it. */
function ActiveImageHeaderDialog({ viewportId, onClose }: { viewportId: string; onClose: () => void }) {
  const imageId = useSyncExternalStore(viewportService.subscribe, () => viewportService.getState(viewportId).imageId);
  const instance = useMemo(() => (imageId ? refOfImageId(imageId) : null), [imageId]);
  return instance && <DicomHeaderDialog instance={instance} onClose={onClose} />;
}

function download(blob: Blob | string, name: string): void {
  const link = document.createElement('a');
  const url = typeof blob === 'string' ? blob : URL.createObjectURL(blob);
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  if (typeof blob !== 'string') setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const StudyViewer = observer(function StudyViewer({ studyUid }: { studyUid: string }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const viewerSettings = sessionStore.settings?.viewer;
  const settings = useMemo(() => viewerSettings ?? defaultSettings().viewer, [viewerSettings]);
  const toolbarItems = useToolbarItems('viewer');
  const me = sessionStore.account?.Id ?? '';
  const can = (key: PermissionKey) => sessionStore.can(key);
  const study = useStudy(studyUid);
  const { seriesStatus, onSeriesStatus } = useSeriesLoading();
  const series = useSeries(studyUid);
  const keyImages = useKeyImages(studyUid);
  const updateKeyImage = useUpdateKeyImage(studyUid);
  const [state, dispatch] = useReducer(viewerReducer, INITIAL_VIEWER_STATE);
  const seriesList = useMemo(() => series.data ?? [], [series.data]);
  const seriesUids = seriesList.map((item) => item.SeriesInstanceUID);
  const { notice, show } = useNotice();

  const [overlayVisible, setOverlayVisible] = useState(true);
  const [sync, setSync] = useState(false);
  const [colormap, setColormap] = useState('gray');
  const [dialog, setDialog] = useState<'header' | 'shortcuts' | null>(null);
  const screen = useScreenClass();
  /** Phone: the whole toolbar's sheet is open; the grid of every cell is shown (a double tap). */
  const [sheetOpen, setSheetOpen] = useState(false);
  const [phoneGrid, setPhoneGrid] = useState(false);
  const [panelOpen, setPanelOpen] = useStudyPanelOpen(settings.study_panel.is_open);

  const comparison = useComparison(study.data, seriesList, dispatch);
  const { compared, patientStudies, comparedGroups, allSeries, studyOfSeries, compare, endComparison } = comparison;
  useInitialLayouts(seriesList, settings.layout, dispatch);
  const [primary, setPrimary] = useViewportSettings(settings);
  // No wheel on a phone: one finger scrolls the slices until another tool is chosen.
  useEffect(() => {
    if (screen !== 'phone') return;
    viewportService.setPrimaryTool(INTERACTION_TOOLS.scroll);
    setPrimary('scroll');
  }, [screen, settings, setPrimary]);
  const text = useAnnotationText();
  const annotations = useViewerAnnotations(studyUid, me, seriesUids, settings.annotation.status, () =>
    show({ kind: 'error', id: 'viewer.notice.annotations_not_saved' }),
  );
  useEffect(() => viewportService.setSync(sync, settings.sync), [sync, settings.sync]);

  const activeViewportId = viewportIdOf(state.active);
  useEffect(() => viewportService.setReferenceSource(activeViewportId), [activeViewportId]);
  const activeSeries = allSeries.find((item) => item.SeriesInstanceUID === state.cells[state.active]) ?? null;
  /** Key images, annotations saving and captures belong to the open study's own series. */
  const activeIsOwn = activeSeries?.StudyInstanceUID === studyUid;
  const presets = useMemo(() => presetsFor(settings.window_level, activeSeries?.Modality), [settings.window_level, activeSeries?.Modality]);
  const keyImageList = keyImages.data;
  const isKeyImage = useCallback(
    (imageId: string | null) => {
      const ref = imageId ? refOfImageId(imageId) : null;
      return !!ref && !!keyImageList?.some((item) => item.SOPInstanceUID === ref.SOPInstanceUID && item.Frame === Math.max(1, ref.frame));
    },
    [keyImageList],
  );
  // What this component shows of the active viewport, each a value of its own: the image shown
  // changes with every slice scrolled, and a render of the whole viewer per slice held scrolling
  // under 30 images/s. What a command needs of the image is read when the command runs.
  const activeCount = useSyncExternalStore(viewportService.subscribe, () => viewportService.getState(activeViewportId).count);
  const activeIsKey = useSyncExternalStore(viewportService.subscribe, () => isKeyImage(viewportService.getState(activeViewportId).imageId));
  const activeImage = () => refOfActiveImage(activeViewportId);
  const cine = useCine(activeViewportId, state.cells, settings.cine.fps);

  const capture = async () => {
    if (!activeSeries) return;
    const image = await viewportService.captureImage(activeViewportId, 'image/png');
    if (!image) return;
    try {
      // A capture of a compared study's image belongs to that study.
      const target = activeSeries.StudyInstanceUID;
      await postCapture({ studyInstanceUid: target, seriesInstanceUid: activeSeries.SeriesInstanceUID, image });
      show({ kind: 'info', id: 'viewer.notice.captured' });
      // The study index picks the new series up within about a second.
      for (const delay of [300, 1200, 3000])
        setTimeout(() => void queryClient.invalidateQueries({ queryKey: getSeriesQueryOptions(target).queryKey }), delay);
    } catch {
      show({ kind: 'error', id: 'viewer.notice.capture_failed' });
    }
  };

  const exportViewport = async (format: 'png' | 'jpeg' | 'dicom') => {
    if (!activeSeries) return;
    if (format === 'dicom') return download(seriesExportUrl(activeSeries.SeriesInstanceUID), `${activeSeries.SeriesInstanceUID}.zip`);
    const blob = await viewportService.captureImage(activeViewportId, format === 'png' ? 'image/png' : 'image/jpeg');
    if (blob) download(blob, `${activeImage()?.SOPInstanceUID ?? 'image'}.${format === 'png' ? 'png' : 'jpg'}`);
  };

  /** The viewer as a command finds it now. */
  const commandContext = (): CommandContext => ({
    mpr: state.mpr !== null,
    activeSeriesUid: activeSeries?.SeriesInstanceUID ?? null,
    active: state.active,
    cells: state.cells,
    seriesUids,
    zoom: viewportService.getState(activeViewportId).zoom,
    count: activeCount,
    cine: { playing: cine.playing, fps: cine.fps, loop: cine.loop, range: cine.range },
    sync,
    overlay: overlayVisible,
    comparing: compared.length > 0,
    newestComparable: compared.length ? null : (comparableStudies(patientStudies.data ?? [], studyUid, [])[0]?.StudyInstanceUID ?? null),
    image: activeImage(),
    imageIsOwn: activeIsOwn,
    imageIsKey: activeIsKey,
  });

  const perform = (effect: ViewerEffect) => {
    switch (effect.type) {
      case 'primary_tool':
        viewportService.setPrimaryTool(INTERACTION_TOOLS[effect.feature]);
        return setPrimary(effect.feature);
      case 'flip':
        return viewportService.flip(activeViewportId, effect.direction);
      case 'reset':
        setColormap('gray');
        return viewportService.reset(activeViewportId);
      case 'mpr_reset':
        return mprService.reset();
      case 'cine_stop':
        return cine.stop();
      case 'cine_start':
        return cine.start(effect, effect.restart);
      case 'cine_settings':
        return cine.settings(effect);
      case 'save_annotations':
        return void annotations.save().then(() => show({ kind: 'info', id: 'viewer.notice.annotations_saved' }));
      case 'sync':
        return setSync(effect.enabled);
      case 'layout':
        return dispatch(effect.action);
      case 'compare':
        return compare(effect.studyUid);
      case 'end_comparison':
        return endComparison();
      case 'key_image':
        return updateKeyImage.mutate(
          {
            SeriesInstanceUID: effect.image.SeriesInstanceUID,
            SOPInstanceUID: effect.image.SOPInstanceUID,
            Frame: Math.max(1, effect.image.frame),
            Marked: effect.marked,
          },
          { onError: () => show({ kind: 'error', id: 'viewer.notice.key_image_failed' }) },
        );
      case 'capture':
        return void capture();
      case 'header_dialog':
        return setDialog('header');
      case 'overlay':
        return setOverlayVisible(effect.visible);
      case 'window':
        if (effect.mpr) return mprService.setWindow(effect.preset);
        return viewportService.setWindow(activeViewportId, effect.preset);
      case 'invert':
        return viewportService.toggleInvert(activeViewportId);
      case 'zoom':
        return viewportService.setZoomPercent(activeViewportId, effect.percent);
      case 'rotate_by':
        return viewportService.rotateBy(activeViewportId, effect.degrees);
      case 'rotate_to':
        return viewportService.setRotation(activeViewportId, effect.degrees);
      case 'scroll':
        return void viewportService.scroll(activeViewportId, effect.delta);
      case 'export':
        return void exportViewport(effect.format);
      case 'annotation_status':
        return annotations.setStatus(effect.status);
      case 'colormap':
        setColormap(effect.key);
        return viewportService.setColormap(activeViewportId, effect.name);
    }
  };
  const onCommand = (command: ViewerCommand) => {
    for (const effect of viewerCommand(commandContext(), command)) perform(effect);
  };
  useViewerShortcuts(settings.keyboard_shortcuts, presets, (action) => onCommand({ type: 'shortcut', action }));

  if (!studyUid) {
    return (
      <div className="viewer viewer-empty">
        <p className="viewer-message">
          <FormattedMessage id="viewer.no_study" />
        </p>
      </div>
    );
  }

  const toolbarState: ToolbarState = {
    layout: state.layout,
    imageLayout: state.imageLayout,
    primary,
    presets,
    cinePlaying: cine.playing,
    cineFps: cine.fps,
    cineLoop: cine.loop,
    cineRange: { from: cine.range?.from ?? 0, to: cine.range?.to ?? Math.max(0, activeCount - 1), count: activeCount },
    sync,
    mpr: state.mpr !== null,
    keyImage: activeIsKey,
    comparison: compared.length > 0,
    overlay: overlayVisible,
    annotationStatus: annotations.status,
    colormap,
    zoomPresets: settings.zoom.presets,
    zoomSteps: ZOOM_STEPS(settings.zoom.step, settings.zoom.large_step),
    canSaveAnnotations: can('viewer_annotation_save'),
  };

  const toolbar = (
    <ViewerToolbar
      items={toolbarItems}
      state={toolbarState}
      can={can}
      onCommand={onCommand}
      shortcuts={settings.keyboard_shortcuts}
      end={
        <button type="button" className="viewer-tool" onClick={() => setDialog('shortcuts')}>
          {intl.formatMessage({ id: 'viewer.shortcuts' })}
        </button>
      }
    />
  );
  const thumbnails = (
    <SeriesThumbnails
      series={seriesList}
      loading={series.isPending}
      shown={state.cells}
      status={seriesStatus}
      compared={comparedGroups}
      onOpen={(seriesUid) => dispatch({ type: 'show_series', cell: state.active, seriesUid })}
      // A double click that replaces does what a click does; only adding needs its own action.
      onDoubleOpen={settings.thumbnailbar.double_click === 'add' ? (seriesUid) => dispatch({ type: 'add_series', seriesUid }) : undefined}
    />
  );
  /** The thumbnail bar at the side lives in the study panel (a phone keeps its strip under the image). */
  const thumbnailsAtSide = settings.thumbnailbar.is_visible && settings.thumbnailbar.position === 'left' && screen !== 'phone';
  const layout = layoutOf(state.layout);
  const shown = visibleCells(state, layout, screen, phoneGrid);
  return (
    <div className="viewer">
      <StudyHeader study={study.data}>{screen === 'phone' && <StudyInfoSheet study={study.isError ? null : study.data} />}</StudyHeader>
      <ComparisonBar
        study={study.data}
        studies={patientStudies.data ?? []}
        // A study without a PatientID asks for nothing: the picker says so instead of loading forever.
        loading={!study.data || patientStudies.isLoading}
        compared={compared}
        onCompare={compare}
        onEnd={endComparison}
        historyMode={settings.history.mode}
      />
      {screen !== 'phone' && toolbar}
      {notice && (
        <p className={`viewer-notice viewer-notice-${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
          {intl.formatMessage({ id: notice.id })}
        </p>
      )}
      <div className={`viewer-body viewer-body-thumbnails-${settings.thumbnailbar.position}`}>
        {/* PC and tablet: the study panel, holding the series list when the thumbnail bar sits at the side. */}
        {screen !== 'phone' && (
          <StudyPanel study={study.isError ? null : study.data} open={panelOpen} onOpen={setPanelOpen}>
            {thumbnailsAtSide && thumbnails}
          </StudyPanel>
        )}
        {settings.thumbnailbar.is_visible && !thumbnailsAtSide && thumbnails}
        {state.mpr ? (
          <MprView key={state.mpr} seriesUid={state.mpr} mouse={settings.mouse} />
        ) : (
          <div
            className="viewport-grid"
            style={{ gridTemplateColumns: `repeat(${shown.columns}, 1fr)`, gridTemplateRows: `repeat(${shown.rows}, 1fr)` }}
          >
            {state.cells.map((seriesUid, cell) => (
              <ViewportCell
                key={cell}
                cell={cell}
                active={cell === state.active}
                hidden={!shown.cells.includes(cell)}
                study={studyOfSeries(seriesUid)}
                series={allSeries.find((item) => item.SeriesInstanceUID === seriesUid) ?? null}
                imageLayout={state.imageLayout}
                overlay={settings.overlay}
                overlayVisible={overlayVisible}
                isKeyImage={isKeyImage}
                onActivate={() => dispatch({ type: 'activate', cell })}
                onDropSeries={(uid) => dispatch({ type: 'show_series', cell, seriesUid: uid })}
                onToggleMaximise={() => {
                  // A phone shows one viewport; a double tap shows the whole grid, and one on a cell of it that cell alone.
                  if (screen !== 'phone') return dispatch({ type: 'toggle_maximise', cell });
                  dispatch({ type: 'activate', cell });
                  setPhoneGrid(!phoneGrid);
                }}
                onSeriesStatus={onSeriesStatus}
              />
            ))}
          </div>
        )}
      </div>
      {screen === 'phone' && (
        <PhoneToolBar primary={primary} onCommand={onCommand} sheetOpen={sheetOpen} onSheet={setSheetOpen}>
          {toolbar}
        </PhoneToolBar>
      )}
      <VhsResult studyUid={studyUid} save={annotations.save} />
      {text.request && <AnnotationTextDialog initial={text.request.initial} onDone={text.answer} />}
      {dialog === 'header' && <ActiveImageHeaderDialog viewportId={activeViewportId} onClose={() => setDialog(null)} />}
      {dialog === 'shortcuts' && (
        <ShortcutsDialog shortcuts={settings.keyboard_shortcuts} presets={presets} onClose={() => setDialog(null)} />
      )}
    </div>
  );
});
