import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailSettings } from '@agency/domain';
import { CONVERSATION_TEXTS } from '@agency/domain/messages/conversation';
import { PORTAL_MESSAGES } from '@agency/domain/messages/portal';
import { Center, Spinner, Stack, Text, useOverlays } from '@agency/ui';
import { DialogButton } from './dialog-button';
import { Alert, Checkbox } from '@agency/ui/forms';
import { apiClient, apiErrorMessage } from '@agency/auth/api';

const S = CONVERSATION_TEXTS.settings;
const SETTINGS_KEY = ['email-settings'] as const;

/** Which e-mails this person gets: each kind on or off, saved as it is changed. */
export function EmailSettingsButton() {
  return <DialogButton label={S.open}>{(close) => <EmailSettingsDialog onClose={close} />}</DialogButton>;
}

function EmailSettingsDialog({ onClose }: { onClose: () => void }) {
  const { DialogShell } = useOverlays();
  const client = useQueryClient();
  const settings = useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: ({ signal }) =>
      apiClient()
        .getEmailSettings(undefined, { signal })
        .then((answer) => answer.settings),
    staleTime: 0,
  });
  const save = useMutation({
    mutationFn: (change: Partial<EmailSettings>) => apiClient().updateEmailSettings({ body: change }),
    onSuccess: (answer) => client.setQueryData(SETTINGS_KEY, answer.settings),
  });
  const value = settings.data;
  const toggle = (key: keyof EmailSettings, label: string) => (
    <Checkbox.Root
      checked={value?.[key] ?? false}
      disabled={save.isPending}
      onCheckedChange={(d) => save.mutate({ [key]: d.checked === true })}
    >
      <Checkbox.HiddenInput name={key} />
      <Checkbox.Control />
      <Checkbox.Label>{label}</Checkbox.Label>
    </Checkbox.Root>
  );
  return (
    <DialogShell title={S.title} onClose={onClose} closeLabel={PORTAL_MESSAGES.close}>
      {!value ? (
        <Center py="6" gap="3" role="status">
          <Spinner size="sm" aria-hidden />
          <Text>{S.loading}</Text>
        </Center>
      ) : (
        <Stack gap="4">
          {toggle('messageAlerts', S.messageAlerts)}
          {toggle('ticketDigest', S.ticketDigest)}
          {save.isError ? (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{apiErrorMessage(save.error, S.saveFailed)}</Alert.Title>
            </Alert.Root>
          ) : save.isSuccess ? (
            <Text role="status" fontSize="sm" color="fg.muted">
              {S.saved}
            </Text>
          ) : null}
        </Stack>
      )}
    </DialogShell>
  );
}
