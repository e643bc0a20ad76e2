import { useState } from 'react';
import { AUTH_NOTICE_TEXT } from '@agency/domain';
import { resendConfirmation, type ResendResult } from '@agency/auth';
import { Button, Stack, Text } from '@agency/ui';
import { Alert } from '@agency/ui/forms';

const RESULT_TEXT: Record<ResendResult, (email: string) => string> = {
  sent: AUTH_NOTICE_TEXT.resendSent,
  'too-soon': () => AUTH_NOTICE_TEXT.resendTooSoon,
  failed: () => AUTH_NOTICE_TEXT.resendFailed,
};

/**
 * The password was right but the address is not confirmed yet: says so (not "Invalid credentials") and offers
 * the confirmation mail again.
 */
export function UnconfirmedEmailNotice({ email }: { email: string }) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ResendResult | null>(null);
  const resend = async () => {
    setBusy(true);
    setResult(await resendConfirmation(email));
    setBusy(false);
  };
  return (
    <Alert.Root status="warning" role="alert" alignItems="flex-start">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{AUTH_NOTICE_TEXT.emailNotConfirmedTitle}</Alert.Title>
        <Alert.Description>
          <Stack gap="2" mt="1" alignItems="flex-start">
            <Text>{AUTH_NOTICE_TEXT.emailNotConfirmedBody(email)}</Text>
            <Button
              type="button"
              variant="outline"
              size="sm"
              loading={busy}
              loadingText={AUTH_NOTICE_TEXT.resendConfirmationBusy}
              onClick={() => void resend()}
            >
              {AUTH_NOTICE_TEXT.resendConfirmation}
            </Button>
            <Text role="status" fontWeight={result ? 'medium' : undefined}>
              {result ? RESULT_TEXT[result](email) : ''}
            </Text>
          </Stack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
