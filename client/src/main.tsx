import './styles/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { configureApiClient } from './lib/api-client.ts';
import { applyDocumentLanguage } from './state/language.ts';
import { setNavigator } from './lib/navigation.ts';
import { Providers } from './app/providers.tsx';
import { queryClient } from './lib/query-client.ts';
import { createAppRouter, preloadViewerScreen } from './app/router.tsx';
import { currentCsrfToken, refreshCsrfToken } from './features/auth/session.ts';
import { uiStore } from './state/index.ts';
import { prefetchStudy, viewerStudyOf } from './features/viewer/prefetch-study.ts';
import { loadStudyViewer } from './features/viewer/study-viewer-chunk.ts';
import { preloadViewerChunks } from './viewer/preload.ts';

configureApiClient({
  language: () => uiStore.language,
  csrfToken: currentCsrfToken,
  refreshCsrfToken,
});
applyDocumentLanguage(uiStore.language);

const router = createAppRouter();
setNavigator({ navigate: (to, options) => void router.navigate(to, options) });

// A viewer link: the viewer's code and the study's requests go alongside the app's start-up
// requests (prefetch-study.ts), even while the sign-in page shows; the viewer's code runs as soon
// as it is loaded and the first look drawn (study-viewer-chunk.ts), not once the router asks.
const viewerStudy = viewerStudyOf(window.location.hash);
if (window.location.hash.startsWith('#/viewer')) preloadViewerChunks();
if (viewerStudy) {
  void prefetchStudy(queryClient, viewerStudy, { silent: true }).catch(() => undefined);
  // The route's own chunk too, so the route renders without suspending once the session is known.
  void preloadViewerScreen().catch(() => undefined);
  void loadStudyViewer().catch(() => undefined);
}

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
