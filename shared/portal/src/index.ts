// The portals' dashboard state and the parts both portals show alike: pages of the server's views, boards,
// counts and notifications, updated in place from the server's answers and the live channel (GET /api/live).
// Each portal makes its own store and passes its own words where the portals differ.
export * from './portal-store';
export * from './use-portal';
export { dashboardStore } from './dashboard-store';
export { useIdlePrefetch, whenIdle } from './idle-prefetch';
export { dateTime, shortDate } from './date-time';
export { useProjectPayments, type ProjectPaymentsState } from './use-project-payments';
export { CardDigits, PaymentHistory } from './components/payment-history';
export { ActivityButton, ActivityDialog } from './components/activity-dialog';
export { NotificationsBell } from './components/notifications-bell';
export { LiveStatus } from './components/live-status';
export { SEARCH_DEBOUNCE_MS } from './components/list-toolbar';
export { ProjectList, type ProjectListTexts } from './components/project-list';
