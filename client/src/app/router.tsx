/**
 * Every route of spec 1 §2 with its guard. Screens a later release fills render a placeholder;
 * tabbed areas redirect to their first tab, groups of tabs to their first tab.
 */
import { Suspense, type ComponentType } from 'react';
import { createHashRouter, redirect, type RouteObject } from 'react-router';
import { lazyScreen } from '../lib/lazy-screen.ts';
import { paths } from '../lib/paths.ts';
import { InvalidScreen } from '../features/auth/components/invalid-screen.tsx';
import { LoginScreen } from '../features/auth/components/login-screen.tsx';
import { AREA_ACCESS, TABBED_AREAS, type TabNode, type TabbedArea } from './areas.ts';
import { guard } from './guard.ts';
import { RouteError } from './route-error.tsx';
import { RoutePlaceholder } from './route-placeholder.tsx';
import { mergeAccess, type RouteAccess } from './route-access.ts';
import { ensureSession } from '../features/auth/session.ts';
import { AppShell } from './shell/app-shell.tsx';
import { TabbedLayout } from './shell/tabbed-layout.tsx';

const IntegrationScreen = lazyScreen(() => import('../features/integration/components/integration-screen.tsx'), 'IntegrationScreen');
const LicenceScreen = lazyScreen(() => import('../features/licence/components/licence-screen.tsx'), 'LicenceScreen');
const SecurityScreen = lazyScreen(() => import('../features/security/components/security-screen.tsx'), 'SecurityScreen');
const LogScreen = lazyScreen(() => import('../features/audit/components/log-screen.tsx'), 'LogScreen');
const AccessScreen = lazyScreen(() => import('../features/accounts/components/access-screen.tsx'), 'AccessScreen');
const aboutPages = () => import('../features/server/components/about-pages.tsx');
const ReleaseNotesPage = lazyScreen(aboutPages, 'ReleaseNotesPage');
const TermsPage = lazyScreen(aboutPages, 'TermsPage');
const CreditsPage = lazyScreen(aboutPages, 'CreditsPage');
const ServerGeneralScreen = lazyScreen(() => import('../features/server/components/server-general-screen.tsx'), 'ServerGeneralScreen');
const AboutOverview = lazyScreen(() => import('../features/server/components/about-overview.tsx'), 'AboutOverview');
const ProfileScreen = lazyScreen(() => import('../features/accounts/components/profile-screen.tsx'), 'ProfileScreen');
const StudyListScreen = lazyScreen(() => import('../features/studies/components/study-list-screen.tsx'), 'StudyListScreen');
const ViewerScreen = lazyScreen(() => import('../features/viewer/components/viewer-screen.tsx'), 'ViewerScreen');
/** Starts the viewer route's chunk before the router renders it (a page opened on a viewer link). */
export const preloadViewerScreen = (): Promise<unknown> => ViewerScreen.preload();
const ReportScreen = lazyScreen(() => import('../features/reports/components/report-screen.tsx'), 'ReportScreen');
const TemplateEditorScreen = lazyScreen(() => import('../features/reports/components/template-editor-screen.tsx'), 'TemplateEditorScreen');
const ReportPdfScreen = lazyScreen(() => import('../features/reports/components/report-pdf-screen.tsx'), 'ReportPdfScreen');
const ShareStudyScreen = lazyScreen(() => import('../features/shares/components/share-screen.tsx'), 'ShareStudyScreen');
const SharePatientScreen = lazyScreen(() => import('../features/shares/components/share-screen.tsx'), 'SharePatientScreen');
const ShareSettingsScreen = lazyScreen(() => import('../features/shares/components/share-settings-screen.tsx'), 'ShareSettingsScreen');
const ShareColumnsScreen = lazyScreen(() => import('../features/shares/components/share-columns-screen.tsx'), 'ShareColumnsScreen');
const toolbarScreens = () => import('../features/toolbars/components/toolbar-screens.tsx');
const UserListToolbarScreen = lazyScreen(toolbarScreens, 'UserListToolbarScreen');
const UserViewerToolbarScreen = lazyScreen(toolbarScreens, 'UserViewerToolbarScreen');
const UserReportToolbarScreen = lazyScreen(toolbarScreens, 'UserReportToolbarScreen');
const UserMwmToolbarScreen = lazyScreen(toolbarScreens, 'UserMwmToolbarScreen');
const listSettings = () => import('../features/studies/settings/list-settings-screens.tsx');
const UserListGeneralScreen = lazyScreen(listSettings, 'UserListGeneralScreen');
const UserListSearchScreen = lazyScreen(listSettings, 'UserListSearchScreen');
const worklistSettings = () => import('../features/worklist/settings/worklist-settings-screens.tsx');
const UserMwmGeneralScreen = lazyScreen(worklistSettings, 'UserMwmGeneralScreen');
const UserMwmSearchScreen = lazyScreen(worklistSettings, 'UserMwmSearchScreen');
const SiteMwmScreen = lazyScreen(worklistSettings, 'SiteMwmScreen');
const GuestToolbarScreen = lazyScreen(toolbarScreens, 'GuestToolbarScreen');
const ReportSettingsScreen = lazyScreen(() => import('../features/reports/settings/report-settings-screen.tsx'), 'ReportSettingsScreen');
const WorklistScreen = lazyScreen(() => import('../features/worklist/components/worklist-screen.tsx'), 'WorklistScreen');
const ServerConnectionScreen = lazyScreen(
  () => import('../features/network/components/server-connection-screen.tsx'),
  'ServerConnectionScreen',
);
const TrashScreen = lazyScreen(() => import('../features/trash/components/trash-screen.tsx'), 'TrashScreen');
const ClientConnectionScreen = lazyScreen(
  () => import('../features/network/components/client-connection-screen.tsx'),
  'ClientConnectionScreen',
);
const AutoDeleteScreen = lazyScreen(() => import('../features/autodelete/components/auto-delete-screen.tsx'), 'AutoDeleteScreen');
const statisticsScreens = () => import('../features/statistics/components/statistics-screens.tsx');
const AmountOfDataScreen = lazyScreen(statisticsScreens, 'AmountOfDataScreen');
const WebConnectionStatisticsScreen = lazyScreen(statisticsScreens, 'WebConnectionStatisticsScreen');
const ShareStatisticsScreen = lazyScreen(statisticsScreens, 'ShareStatisticsScreen');
const StudyStatisticsScreen = lazyScreen(statisticsScreens, 'StudyStatisticsScreen');
const AdminStatisticsScreen = lazyScreen(statisticsScreens, 'AdminStatisticsScreen');
const DashboardScreen = lazyScreen(() => import('../features/statistics/components/dashboard-screen.tsx'), 'DashboardScreen');
const viewerSettings = () => import('../features/viewer/settings/viewer-settings-screens.ts');
const UserViewerGeneralScreen = lazyScreen(viewerSettings, 'UserViewerGeneralScreen');
const UserViewerAppearanceScreen = lazyScreen(viewerSettings, 'UserViewerAppearanceScreen');
const UserViewerLayoutScreen = lazyScreen(viewerSettings, 'UserViewerLayoutScreen');
const UserViewerWindowLevelScreen = lazyScreen(viewerSettings, 'UserViewerWindowLevelScreen');
const DicomHeaderScreen = lazyScreen(() => import('../features/viewer/components/dicom-header-screen.tsx'), 'DicomHeaderScreen');
const configsScreens = () => import('../features/configs/screens.ts');
const LocalizationScreen = lazyScreen(configsScreens, 'LocalizationScreen');
const OptionScreen = lazyScreen(configsScreens, 'OptionScreen');
const ClientGeneralScreen = lazyScreen(configsScreens, 'ClientGeneralScreen');
const PatientScreen = lazyScreen(() => import('../features/patients/components/patient-screen.tsx'), 'PatientScreen');

/** Screens that exist in this release, by full path; every other route shows a placeholder. */
const SCREENS: Record<string, ComponentType> = {
  '/admin/general/license': LicenceScreen,
  '/admin/general/security': SecurityScreen,
  '/admin/general/log': LogScreen,
  '/admin/account': AccessScreen,
  '/admin/general/integration': IntegrationScreen,
  '/admin/general/localization': LocalizationScreen,
  '/admin/general/option': OptionScreen,
  '/admin/client/general': ClientGeneralScreen,
  '/about/overview': AboutOverview,
  '/about/release-notes': ReleaseNotesPage,
  '/about/terms': TermsPage,
  '/about/credits': CreditsPage,
  '/admin/server/general': ServerGeneralScreen,
  '/user/profile': ProfileScreen,
  '/list': StudyListScreen,
  '/viewer': ViewerScreen,
  '/report': ReportScreen,
  '/us-report': ReportScreen,
  '/user/report/template': TemplateEditorScreen,
  '/user/report/pdf': ReportPdfScreen,
  '/share/study': ShareStudyScreen,
  '/share/patient': SharePatientScreen,
  '/user/list/share': ShareSettingsScreen,
  '/admin/share/general': ShareColumnsScreen,
  '/user/list/general': UserListGeneralScreen,
  '/user/list/toolbar': UserListToolbarScreen,
  '/user/viewer/general': UserViewerGeneralScreen,
  '/user/viewer/appearance': UserViewerAppearanceScreen,
  '/user/viewer/layout': UserViewerLayoutScreen,
  '/user/list/search': UserListSearchScreen,
  '/user/viewer/toolbar': UserViewerToolbarScreen,
  '/user/viewer/window-level': UserViewerWindowLevelScreen,
  '/dicomheader': DicomHeaderScreen,
  '/user/report/toolbar': UserReportToolbarScreen,
  '/admin/share/guest': GuestToolbarScreen,
  '/admin/client/report': ReportSettingsScreen,
  '/admin/server/connection': ServerConnectionScreen,
  '/admin/server/recycle-bin': TrashScreen,
  '/admin/server/auto-delete': AutoDeleteScreen,
  '/admin/client/connection': ClientConnectionScreen,
  '/mwm': WorklistScreen,
  '/user/mwm/general': UserMwmGeneralScreen,
  '/user/mwm/search': UserMwmSearchScreen,
  '/user/mwm/toolbar': UserMwmToolbarScreen,
  '/admin/client/mwm': SiteMwmScreen,
  '/admin/client/patient': PatientScreen,
  '/dashboard': DashboardScreen,
  '/statistics/amount-of-data': AmountOfDataScreen,
  '/statistics/number-of-web-connection': WebConnectionStatisticsScreen,
  '/statistics/number-of-share': ShareStatisticsScreen,
  '/statistics/number-of-study': StudyStatisticsScreen,
  '/admin/statistics': AdminStatisticsScreen,
};

function screen(path: string) {
  const Screen = SCREENS[path] ?? RoutePlaceholder;
  return (
    <Suspense fallback={<div className="page-loading" role="status" aria-busy="true" />}>
      <Screen />
    </Suspense>
  );
}

function firstLeaf(prefix: string, nodes: readonly TabNode[]): string {
  const first = nodes[0];
  if (!first) return prefix;
  return first.children ? firstLeaf(`${prefix}/${first.key}`, first.children) : `${prefix}/${first.key}`;
}

function tabRoutes(prefix: string, nodes: readonly TabNode[], access: RouteAccess): RouteObject[] {
  return nodes.map((node) => {
    const path = `${prefix}/${node.key}`;
    const nodeAccess = mergeAccess(access, node.access);
    if (node.children) {
      return {
        path: node.key,
        children: [
          { index: true, loader: () => redirect(firstLeaf(path, node.children ?? [])) },
          ...tabRoutes(path, node.children, nodeAccess),
        ],
      };
    }
    return { path: node.key, loader: guard(nodeAccess), element: screen(path) };
  });
}

function tabbedArea(area: TabbedArea): RouteObject {
  const nodes: readonly TabNode[] = TABBED_AREAS[area];
  const access: RouteAccess = AREA_ACCESS[area];
  return {
    path: area,
    loader: guard(access),
    element: <TabbedLayout area={area} />,
    children: [{ index: true, loader: () => redirect(firstLeaf(`/${area}`, nodes)) }, ...tabRoutes(`/${area}`, nodes, access)],
  };
}

function single(path: string, access: RouteAccess): RouteObject {
  return { path: path.slice(1), loader: guard(access), element: screen(path) };
}

/** The root goes to the list when someone is signed in, otherwise to login. */
async function rootLoader() {
  const account = await ensureSession();
  return redirect(account ? paths.list.path : paths.login.path);
}

export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, loader: rootLoader },
          { path: 'login', loader: guard({}), element: <LoginScreen /> },
          { path: 'invalid', loader: guard({}), element: <InvalidScreen /> },
          single('/list', AREA_ACCESS.list),
          single('/viewer', AREA_ACCESS.viewer),
          single('/report', AREA_ACCESS.report),
          single('/us-report', AREA_ACCESS.report),
          single('/mwm', AREA_ACCESS.mwm),
          single('/dashboard', AREA_ACCESS.dashboard),
          single('/dicomheader', AREA_ACCESS.dicomheader),
          tabbedArea('statistics'),
          tabbedArea('share'),
          tabbedArea('admin'),
          tabbedArea('user'),
          tabbedArea('browser'),
          tabbedArea('subscription'),
          tabbedArea('about'),
          { path: '*', loader: rootLoader },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createHashRouter(routes);
}
