/**
 * The image viewer proper for one study (loaded as its own chunk by viewer-screen.tsx): the
 * study header, the search bar's comparison pickers, the toolbar built from the user's viewer
 * toolbar settings, the series thumbnails and either the viewport grid (series grid, each cell
 * possibly an image grid) or MPR of one series. It turns toolbar commands and keyboard shortcuts
 * into calls on the viewport service, loads and saves the study's annotations and key images,
 * and captures and exports viewports.
 */
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState, useSyncExternalStore } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { defaultSettings, type AnnotationStatus, type PermissionKey } from '@pacs/common';
import { sessionStore } from '../../../state/index.ts';
import { useToolbarItems } from '../../toolbars/index.ts';
import { initCornerstone } from '../../../viewer/cornerstone-init.ts';
import { refOfImageId } from '../../../viewer/loading/image-ids.ts';
import { clampFps, stepZoom } from '../../../viewer/interaction.ts';
import { initialLayouts, layoutOf } from '../../../viewer/layouts.ts';
import { mprService } from '../../../viewer/mpr-service.ts';
import { presetsFor, type ModalityPreset } from '../../../viewer/presets.ts';
import { COLORMAPS, INTERACTION_TOOLS, isInteractionFeature, TOOLBAR_FEATURES } from '../../../viewer/viewer-config.ts';
import { viewportService, type SeriesLoadStatus } from '../../../viewer/viewport-service.ts';
import { putReplaceAnnotations, useAnnotations } from '../api/annotations.ts';
import { postCapture, seriesExportUrl } from '../api/capture.ts';
import { usePatientStudies } from '../api/get-patient-studies.ts';
import { getSeriesQueryOptions, useSeries } from '../api/get-series.ts';
import { useStudy } from '../api/get-study.ts';
import { useKeyImages, useUpdateKeyImage } from '../api/key-images.ts';
import { comparableStudies, toViewerStudy } from '../comparison.ts';
import { matchShortcut } from '../shortcuts.ts';
import type { ViewerSeries, ViewerStudy } from '../types.ts';
import { INITIAL_VIEWER_STATE, viewerReducer } from '../viewer-state.ts';
import { ComparisonBar } from './comparison-bar.tsx';
import { DicomHeaderDialog } from './dicom-header-dialog.tsx';
import { MprView } from './mpr-view.tsx';
import { SeriesThumbnails } from './series-thumbnails.tsx';
import { ShortcutsDialog } from './shortcuts-dialog.tsx';
import { StudyHeader } from './study-header.tsx';
import { AnnotationTextDialog } from './text-dialog.tsx';
import { ViewerToolbar, type ToolbarCommand, type ToolbarState } from './viewer-toolbar.tsx';
import { ViewportCell, viewportIdOf } from './viewport-cell.tsx';

/** Saving waits this long after the last annotation change, so a drag saves once. */
const SAVE_DELAY_MS = 600;
const ZOOM_STEPS = (step: number, large: number) => [step, large];

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

type Notice = { kind: 'info' | 'error'; id: string } | null;

export const StudyViewer = observer(function StudyViewer({ studyUid }: { studyUid: string }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const viewerSettings = sessionStore.settings?.viewer;
  const settings = useMemo(() => viewerSettings ?? defaultSettings().viewer, [viewerSettings]);
  const toolbarItems = useToolbarItems('viewer');
  const me = sessionStore.account?.Id ?? '';
  const can = (key: PermissionKey) => sessionStore.can(key);
  const study = useStudy(studyUid);
  // Cornerstone (workers, tools, the WebGL rendering engine) starts while the lists are on their way.
  useEffect(() => void initCornerstone().then(() => viewportService.renderingEngine()), []);
  const series = useSeries(studyUid);
  const annotations = useAnnotations(studyUid);
  const keyImages = useKeyImages(studyUid);
  const updateKeyImage = useUpdateKeyImage(studyUid);
  const [state, dispatch] = useReducer(viewerReducer, INITIAL_VIEWER_STATE);
  const seriesList = useMemo(() => series.data ?? [], [series.data]);
  const seriesUids = seriesList.map((item) => item.SeriesInstanceUID);
  const seriesKey = seriesUids.join(',');

  const [primary, setPrimary] = useState<string | null>(null);
  const [annotationStatus, setAnnotationStatus] = useState<AnnotationStatus>(settings.annotation.status);
  const [overlayVisible, setOverlayVisible] = useState(true);
  const [sync, setSync] = useState(false);
  const [colormap, setColormap] = useState('gray');
  const [cinePlaying, setCinePlaying] = useState(false);
  const [cineFps, setCineFps] = useState(clampFps(settings.cine.fps));
  const [cineLoop, setCineLoop] = useState(true);
  const [cineRange, setCineRange] = useState<{ from: number; to: number } | null>(null);
  const [seriesStatus, setSeriesStatus] = useState<Record<string, SeriesLoadStatus>>({});
  const [textRequest, setTextRequest] = useState<{ initial: string; resolve: (text: string | null) => void } | null>(null);
  const [dialog, setDialog] = useState<'header' | 'shortcuts' | null>(null);
  const [notice, setNotice] = useState<Notice>(null);

  // Comparison: other studies of the same patient, their series beside the open study's.
  const [compared, setCompared] = useState<string[]>([]);
  // Anyone who may open the viewer may compare: the search answers only studies the caller may see.
  const patientStudies = usePatientStudies(study.data?.PatientID ?? '', true);
  const comparedSeries = useQueries({ queries: compared.map((uid) => getSeriesQueryOptions(uid)) });
  const comparedGroups = compared.flatMap((uid, index) => {
    const item = patientStudies.data?.find((candidate) => candidate.StudyInstanceUID === uid);
    return item ? [{ study: toViewerStudy(item), series: comparedSeries[index]?.data ?? [] }] : [];
  });
  const allSeries: ViewerSeries[] = [...seriesList, ...comparedGroups.flatMap((group) => group.series)];
  const studyOfSeries = (uid: string | null): ViewerStudy | undefined =>
    comparedGroups.find((group) => group.series.some((item) => item.SeriesInstanceUID === uid))?.study ?? study.data;
  /** A study just picked: its first series goes beside the active viewport once its series arrive. */
  const [placing, setPlacing] = useState<string | null>(null);
  const placingSeries = comparedGroups.find((group) => group.study.StudyInstanceUID === placing)?.series[0]?.SeriesInstanceUID;
  useEffect(() => {
    if (!placingSeries) return;
    dispatch({ type: 'compare', seriesUid: placingSeries });
    setPlacing(null);
  }, [placingSeries]);
  const compare = (uid: string) => {
    if (!compared.includes(uid)) setCompared([...compared, uid]);
    setPlacing(uid);
  };
  const endComparison = () => {
    dispatch({ type: 'uncompare', seriesUids: comparedGroups.flatMap((group) => group.series.map((item) => item.SeriesInstanceUID)) });
    setCompared([]);
    setPlacing(null);
  };

  useEffect(() => {
    if (!seriesKey) return;
    const modalities = seriesList.map((item) => item.Modality ?? '').filter(Boolean);
    const layouts = initialLayouts(settings.layout, modalities);
    dispatch({ type: 'series_loaded', seriesUids: seriesKey.split(','), layout: layouts.series, imageLayout: layouts.image });
    // Layouts are chosen once, when the series first arrive.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [seriesKey]);

  // The user's viewer settings drive the tools.
  useEffect(() => {
    viewportService.configure({
      mouse: settings.mouse,
      color: settings.color,
      fontSize: settings.font_size,
      interpolation: settings.interpolation,
      magnifier: settings.magnifier,
    });
    setPrimary(viewportService.getPrimaryFeature());
  }, [settings]);

  useEffect(() => {
    viewportService.setTextRequester((initial) => new Promise((resolve) => setTextRequest({ initial, resolve })));
  }, []);

  // Annotations: everyone's on load (display status decides what shows), the user's own saved on change.
  useEffect(() => {
    if (annotations.isPending) return;
    viewportService.loadAnnotations(annotations.data ?? [], studyUid, me);
  }, [annotations.isPending, annotations.data, studyUid, me]);
  useEffect(() => () => viewportService.clearAnnotations(), []);

  const ownSeriesRef = useRef<string[]>([]);
  ownSeriesRef.current = seriesUids;
  const saveAnnotations = useCallback(async () => {
    if (!sessionStore.can('viewer_annotation_save')) return;
    try {
      // Marks on a compared study's images are not part of this study's annotations.
      const own = new Set(ownSeriesRef.current);
      const items = viewportService.ownAnnotationItems().filter((item) => own.size === 0 || own.has(item.SeriesInstanceUID));
      await putReplaceAnnotations(studyUid, items);
    } catch {
      setNotice({ kind: 'error', id: 'viewer.notice.annotations_not_saved' });
    }
  }, [studyUid]);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = viewportService.onAnnotationsChanged(() => {
      clearTimeout(timer);
      timer = setTimeout(() => void saveAnnotations(), SAVE_DELAY_MS);
    });
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [saveAnnotations]);

  useEffect(() => viewportService.setAnnotationStatus(annotationStatus), [annotationStatus]);
  useEffect(() => viewportService.setSync(sync, settings.sync), [sync, settings.sync]);

  const activeViewportId = viewportIdOf(state.active);
  useEffect(() => viewportService.setReferenceSource(activeViewportId), [activeViewportId]);
  const activeState = useSyncExternalStore(viewportService.subscribe, () => viewportService.getState(activeViewportId));
  const activeSeries = allSeries.find((item) => item.SeriesInstanceUID === state.cells[state.active]) ?? null;
  /** Key images, annotations saving and captures belong to the open study's own series. */
  const activeIsOwn = activeSeries?.StudyInstanceUID === studyUid;
  const presets = useMemo(() => presetsFor(settings.window_level, activeSeries?.Modality), [settings.window_level, activeSeries?.Modality]);
  const activeRef = activeState.imageId ? refOfImageId(activeState.imageId) : null;
  const keyImageList = keyImages.data;
  const isKeyImage = useCallback(
    (imageId: string | null) => {
      const ref = imageId ? refOfImageId(imageId) : null;
      return !!ref && !!keyImageList?.some((item) => item.SOPInstanceUID === ref.SOPInstanceUID && item.Frame === Math.max(1, ref.frame));
    },
    [keyImageList],
  );

  // Cine follows the active viewport: switching cells or series stops it.
  useEffect(() => {
    setCinePlaying(false);
    setCineRange(null);
    return () => viewportService.stopCine(activeViewportId);
  }, [activeViewportId, state.cells]);

  const onSeriesStatus = useCallback((uid: string, status: SeriesLoadStatus) => {
    setSeriesStatus((current) => (current[uid] === status ? current : { ...current, [uid]: status }));
  }, []);

  const show = (next: Notice) => {
    setNotice(next);
    if (next?.kind === 'info') setTimeout(() => setNotice((current) => (current === next ? null : current)), 4000);
  };

  const applyPreset = (preset: ModalityPreset) => {
    if (state.mpr) mprService.setWindow(preset);
    else viewportService.setWindow(activeViewportId, preset);
  };

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
    if (blob) download(blob, `${activeRef?.SOPInstanceUID ?? 'image'}.${format === 'png' ? 'png' : 'jpg'}`);
  };

  const toggleCine = () => {
    if (cinePlaying) {
      viewportService.stopCine(activeViewportId);
      setCinePlaying(false);
      return;
    }
    viewportService.startCine(activeViewportId, cineFps, cineRange, cineLoop, () => setCinePlaying(false));
    setCinePlaying(viewportService.isPlaying(activeViewportId));
  };

  const restartCine = (fps: number, range: { from: number; to: number } | null, loop: boolean) => {
    if (!cinePlaying) return;
    viewportService.startCine(activeViewportId, fps, range, loop, () => setCinePlaying(false));
  };

  const feature = (key: string) => {
    if (isInteractionFeature(key)) {
      viewportService.setPrimaryTool(INTERACTION_TOOLS[key]);
      setPrimary(key);
      return;
    }
    switch (key) {
      case 'flip_horizontal':
        return viewportService.flip(activeViewportId, 'horizontal');
      case 'flip_vertical':
        return viewportService.flip(activeViewportId, 'vertical');
      case 'reset':
        if (state.mpr) return mprService.reset();
        setColormap('gray');
        return viewportService.reset(activeViewportId);
      case 'cine':
        return toggleCine();
      case 'annotation_save':
        return void saveAnnotations().then(() => show({ kind: 'info', id: 'viewer.notice.annotations_saved' }));
      case 'sync':
        return setSync(!sync);
      case 'mpr':
        return dispatch({ type: 'mpr', seriesUid: state.mpr ? null : (activeSeries?.SeriesInstanceUID ?? null) });
      case 'comparison': {
        if (compared.length) return endComparison();
        const newest = comparableStudies(patientStudies.data ?? [], studyUid, [])[0];
        return newest ? compare(newest.StudyInstanceUID) : undefined;
      }
      case 'key_image':
        if (!activeRef || !activeIsOwn) return;
        return updateKeyImage.mutate(
          {
            SeriesInstanceUID: activeRef.SeriesInstanceUID,
            SOPInstanceUID: activeRef.SOPInstanceUID,
            Frame: Math.max(1, activeRef.frame),
            Marked: !isKeyImage(activeState.imageId),
          },
          { onError: () => show({ kind: 'error', id: 'viewer.notice.key_image_failed' }) },
        );
      case 'capture':
        return void capture();
      case 'dicom_header':
        return activeRef ? setDialog('header') : undefined;
      case 'overlay':
        return setOverlayVisible(!overlayVisible);
    }
  };

  const onCommand = (command: ToolbarCommand) => {
    switch (command.type) {
      case 'feature':
        return feature(command.key);
      case 'layout':
        return dispatch({ type: 'set_layout', layout: command.layout, seriesUids });
      case 'image_layout':
        return dispatch({ type: 'set_image_layout', layout: command.layout });
      case 'preset':
        return applyPreset(command.preset);
      case 'invert':
        return viewportService.toggleInvert(activeViewportId);
      case 'zoom_percent':
        return viewportService.setZoomPercent(activeViewportId, command.percent);
      case 'zoom_step':
        return viewportService.setZoomPercent(activeViewportId, stepZoom(activeState.zoom * 100, command.delta));
      case 'rotate_by':
        return viewportService.rotateBy(activeViewportId, command.degrees);
      case 'rotate_to':
        return viewportService.setRotation(activeViewportId, command.degrees);
      case 'cine_fps': {
        const fps = clampFps(command.fps);
        setCineFps(fps);
        return restartCine(fps, cineRange, cineLoop);
      }
      case 'cine_loop':
        setCineLoop(command.loop);
        return restartCine(cineFps, cineRange, command.loop);
      case 'cine_range': {
        const last = Math.max(0, activeState.count - 1);
        const range = { from: Math.min(last, Math.max(0, command.from)), to: Math.min(last, Math.max(0, command.to)) };
        setCineRange(range);
        return restartCine(cineFps, range, cineLoop);
      }
      case 'export':
        return void exportViewport(command.format);
      case 'annotation_status':
        return setAnnotationStatus(command.status);
      case 'colormap': {
        setColormap(command.key);
        const map = COLORMAPS.find((item) => item.key === command.key);
        return viewportService.setColormap(activeViewportId, map?.name ?? null);
      }
    }
  };

  // Keyboard shortcuts from the settings, and the presets' keys.
  const keyHandler = useRef<(event: KeyboardEvent) => void>(() => undefined);
  keyHandler.current = (event: KeyboardEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (target?.closest('input, textarea, select, [contenteditable="true"]') || document.querySelector('[role="dialog"]')) return;
    const action = matchShortcut(event.key, settings.keyboard_shortcuts, presets);
    if (!action) return;
    event.preventDefault();
    if (action.type === 'preset') return applyPreset(action.preset);
    const index = seriesUids.indexOf(state.cells[state.active] ?? '');
    switch (action.key) {
      case 'next_image':
        return void viewportService.scroll(activeViewportId, 1);
      case 'previous_image':
        return void viewportService.scroll(activeViewportId, -1);
      case 'next_series':
      case 'previous_series': {
        const next = seriesUids[index + (action.key === 'next_series' ? 1 : -1)];
        if (next) dispatch({ type: 'show_series', cell: state.active, seriesUid: next });
        return;
      }
      default:
        return feature(action.key);
    }
  };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => keyHandler.current(event);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

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
    cinePlaying,
    cineFps,
    cineLoop,
    cineRange: { from: cineRange?.from ?? 0, to: cineRange?.to ?? Math.max(0, activeState.count - 1), count: activeState.count },
    sync,
    mpr: state.mpr !== null,
    keyImage: isKeyImage(activeState.imageId),
    comparison: compared.length > 0,
    overlay: overlayVisible,
    annotationStatus,
    colormap,
    zoomPresets: settings.zoom.presets,
    zoomSteps: ZOOM_STEPS(settings.zoom.step, settings.zoom.large_step),
    canSaveAnnotations: can('viewer_annotation_save'),
  };
  const allowed = (key: string) => {
    const permission = TOOLBAR_FEATURES[key]?.permission;
    return permission === undefined || can(permission);
  };

  const layout = layoutOf(state.layout);
  const maximised = state.maximised;
  return (
    <div className="viewer">
      <StudyHeader study={study.data} />
      <ComparisonBar
        study={study.data}
        studies={patientStudies.data ?? []}
        // A study without a PatientID asks for nothing: the picker says so instead of loading forever.
        loading={!study.data || patientStudies.isLoading}
        compared={compared}
        onCompare={compare}
        onEnd={endComparison}
      />
      <ViewerToolbar
        items={toolbarItems}
        state={toolbarState}
        allowed={allowed}
        onCommand={onCommand}
        end={
          <button type="button" className="viewer-tool" onClick={() => setDialog('shortcuts')}>
            {intl.formatMessage({ id: 'viewer.shortcuts' })}
          </button>
        }
      />
      {notice && (
        <p className={`viewer-notice viewer-notice-${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
          {intl.formatMessage({ id: notice.id })}
        </p>
      )}
      <div className="viewer-body">
        {settings.thumbnailbar.is_visible && (
          <SeriesThumbnails
            series={seriesList}
            loading={series.isPending}
            shown={state.cells}
            status={seriesStatus}
            compared={comparedGroups}
            onOpen={(seriesUid) => dispatch({ type: 'show_series', cell: state.active, seriesUid })}
          />
        )}
        {state.mpr ? (
          <MprView key={state.mpr} seriesUid={state.mpr} mouse={settings.mouse} />
        ) : (
          <div
            className="viewport-grid"
            style={
              maximised === null
                ? { gridTemplateColumns: `repeat(${layout.columns}, 1fr)`, gridTemplateRows: `repeat(${layout.rows}, 1fr)` }
                : { gridTemplateColumns: '1fr', gridTemplateRows: '1fr' }
            }
          >
            {state.cells.map((seriesUid, cell) => (
              <ViewportCell
                key={cell}
                cell={cell}
                active={cell === state.active}
                hidden={maximised !== null && maximised !== cell}
                study={studyOfSeries(seriesUid)}
                series={allSeries.find((item) => item.SeriesInstanceUID === seriesUid) ?? null}
                imageLayout={state.imageLayout}
                overlay={settings.overlay}
                overlayVisible={overlayVisible}
                isKeyImage={isKeyImage}
                onActivate={() => dispatch({ type: 'activate', cell })}
                onDropSeries={(uid) => dispatch({ type: 'show_series', cell, seriesUid: uid })}
                onToggleMaximise={() => dispatch({ type: 'toggle_maximise', cell })}
                onSeriesStatus={onSeriesStatus}
              />
            ))}
          </div>
        )}
      </div>
      {textRequest && (
        <AnnotationTextDialog
          initial={textRequest.initial}
          onDone={(text) => {
            textRequest.resolve(text);
            setTextRequest(null);
          }}
        />
      )}
      {dialog === 'header' && activeRef && <DicomHeaderDialog instance={activeRef} onClose={() => setDialog(null)} />}
      {dialog === 'shortcuts' && (
        <ShortcutsDialog shortcuts={settings.keyboard_shortcuts} presets={presets} onClose={() => setDialog(null)} />
      )}
    </div>
  );
});
