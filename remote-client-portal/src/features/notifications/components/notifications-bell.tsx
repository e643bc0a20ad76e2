import { NotificationsBell as PortalNotificationsBell } from '@agency/portal';

/** The bell: changes the other side made, told to the client. */
export function NotificationsBell() {
  return <PortalNotificationsBell viewer="client" />;
}
