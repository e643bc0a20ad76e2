// The portals' dashboard data and the parts both portals show alike: pages of the server's views, boards,
// counts and notifications in one TanStack Query cache per dashboard, updated in place from the server's answers
// and the live channel (GET /api/live). Each portal makes its own cache and passes its own words where the
// portals differ.
export * from './portal-data';
// The apps reach TanStack Query through this facade, bundled into each portal with the cache it serves.
export { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
export * from './use-portal';
export { dashboardClient, useFirstReads } from './dashboard-client';
export { useIdlePrefetch, whenIdle } from './idle-prefetch';
export { dateTime, shortDate } from './date-time';
export { useProjectPayments, type ProjectPaymentsState } from './use-project-payments';
export { CardDigits, PaymentHistory } from './components/payment-history';
export { ActivityButton, ActivityDialog } from './components/activity-dialog';
export { NotificationsBell } from './components/notifications-bell';
export { LiveStatus } from './components/live-status';
export { FilterToolbar, SEARCH_DEBOUNCE_MS, type ToolbarSelect } from './components/list-toolbar';
export { ProjectList, type ProjectListTexts } from './components/project-list';
export { FilesButton, FilesDialog, ProjectFiles } from './components/project-files';
export { useProjectFiles, putWithProgress, fileProblem, fileKeys, followDownload } from './use-project-files';
export { MessageAttachments } from './components/message-attachments';
export { downloadDocument } from './download-document';
// Issue 34: the project conversation, ticket comments and e-mail settings.
export {
  conversationKeys,
  openConversation,
  targetFromSearch,
  type ConversationTarget,
} from './conversation-data';
export {
  ConversationButton,
  ConversationHost,
  ConversationThread,
  TicketCommentsButton,
  useUnreadMessages,
} from './components/conversation';
export { EmailSettingsButton } from './components/email-settings';
export {
  AgreementDownloadButton,
  downloadAgreement,
  ProposalDocument,
  SignatureSummary,
  useProposal,
} from './components/proposal-document';
export { LoadFailed } from './components/load-failed';
