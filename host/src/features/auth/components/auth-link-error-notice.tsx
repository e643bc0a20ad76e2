import { AUTH_NOTICE_TEXT } from '@agency/domain';
import { Alert } from '@agency/ui/forms';
import { isExpiredLink, type AuthLinkError } from '../utils/auth-link-error';

/** Why the e-mailed link that brought the visitor here did not sign them in. */
export function AuthLinkErrorNotice({ error }: { error: AuthLinkError }) {
  const expired = isExpiredLink(error);
  return (
    <Alert.Root status={expired ? 'info' : 'error'} role="alert" mb="6" alignItems="flex-start">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          {expired ? AUTH_NOTICE_TEXT.linkExpiredTitle : AUTH_NOTICE_TEXT.linkFailedTitle}
        </Alert.Title>
        <Alert.Description>
          {expired ? AUTH_NOTICE_TEXT.linkExpiredBody : error.description || error.error}
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
