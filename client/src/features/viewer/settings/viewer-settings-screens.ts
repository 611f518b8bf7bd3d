/** The viewer's settings pages, one chunk for the router (user/viewer/general, appearance, layout, window-level). */
export { UserViewerAppearanceScreen } from './appearance-screen.tsx';
export { UserViewerGeneralScreen } from './general-screen.tsx';
export { UserViewerLayoutScreen } from './layout-screen.tsx';
export { UserViewerWindowLevelScreen } from './window-level-screen.tsx';
