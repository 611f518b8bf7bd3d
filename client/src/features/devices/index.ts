export { useMdNumbers } from './api/get-md-numbers.ts';
export { DeviceIdentificationRows } from './components/device-identification.tsx';
