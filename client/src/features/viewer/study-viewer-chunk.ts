/**
 * The viewer proper's chunk (study-viewer.tsx: Cornerstone, vtk.js, dcmjs, the codecs), imported
 * once for the page. Running it is one task of 130-190 ms on the two-core machine: it waits for
 * the first look (the study's first image drawn without Cornerstone, first-look.ts) so that task
 * does not fall between the first image's arrival and its drawing, at most FIRST_LOOK_WAIT_MS.
 * A page opened on a viewer link starts it from main.tsx, before the app's start-up requests
 * have answered and its router has asked for the viewer route (docs/decisions.md, "The first
 * image's main thread").
 */
import { seriesLoader } from '../../viewer/loading/series-loader.ts';
import type * as StudyViewerChunk from './components/study-viewer.tsx';

/** The longest the viewer's chunk waits for the first look. */
const FIRST_LOOK_WAIT_MS = 1000;

type StudyViewerModule = typeof StudyViewerChunk;

let loading: Promise<StudyViewerModule> | undefined;
let loaded: StudyViewerModule | undefined;

/** The viewer's module, run once the first look is settled; a failed load is tried again next time. */
export function loadStudyViewer(): Promise<StudyViewerModule> {
  if (!loading) {
    const started = seriesLoader.firstLookSettled(FIRST_LOOK_WAIT_MS).then(() => import('./components/study-viewer.tsx'));
    started.then(
      (module) => (loaded = module),
      () => {
        if (loading === started) loading = undefined;
      },
    );
    loading = started;
  }
  return loading;
}

/**
 * The viewer's module if it has already run. The route renders it directly then: a lazy
 * component suspends at least once even when its module is there, and React holds back the
 * content of a Suspense boundary for 300 ms after its fallback showed (its fallback throttle),
 * which the trace showed as 300 ms of an idle main thread before the viewer's first render.
 */
export function loadedStudyViewer(): StudyViewerModule | undefined {
  return loaded;
}
