import { NotificationsBell as PortalNotificationsBell } from '@agency/portal';

/** The bell: changes the other side made, told to the admin. */
export function NotificationsBell() {
  return <PortalNotificationsBell viewer="admin" />;
}
