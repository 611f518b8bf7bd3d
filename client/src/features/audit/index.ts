/** What other features use of the audit log: its records, read and shown as the log screen does. */
export { useEvents } from './api/get-events.ts';
export { EventList } from './components/event-list.tsx';
