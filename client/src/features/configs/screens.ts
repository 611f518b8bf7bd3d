/** The configs' admin screens, loaded together when an administrator opens one of them. */
export { LocalizationScreen } from './components/localization-screen.tsx';
export { OptionScreen } from './components/option-screen.tsx';
export { ClientGeneralScreen } from './components/client-general-screen.tsx';
