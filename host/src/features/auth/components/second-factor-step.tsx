import { useEffect, useRef, useState, type FormEvent } from 'react';
import { SECOND_FACTOR_TEXT as TEXT } from '@agency/domain';
import { loadSecondFactor, logout, type CodeResult } from '@agency/auth';
import { Button, Heading, Stack, Text } from '@agency/ui';
import { FormErrorAlert, SubmitButton, TextField } from '@agency/ui/forms';

const ERRORS: Record<Exclude<CodeResult, 'signed-in'>, { code: string; recovery: string }> = {
  'wrong-code': { code: TEXT.wrongCode, recovery: TEXT.wrongRecoveryCode },
  locked: { code: TEXT.locked, recovery: TEXT.locked },
  failed: { code: TEXT.failed, recovery: TEXT.failed },
};

/**
 * The login's second step for a user with two-factor sign-in: the authenticator's 6-digit code, or one of the
 * recovery codes. Signed in once it verifies (the login page then goes on to the dashboard).
 */
export function SecondFactorStep() {
  const [mode, setMode] = useState<'code' | 'recovery'>('code');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), [mode]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const code = value.trim();
    if (!code) return setError(TEXT.codeRequired);
    setBusy(true);
    setError(undefined);
    const factor = await loadSecondFactor();
    const result =
      mode === 'code' ? await factor.verifySignInCode(code) : await factor.verifyRecoveryCode(code);
    setBusy(false);
    if (result !== 'signed-in') {
      setError(ERRORS[result][mode]);
      setValue('');
    }
  };

  const switchMode = () => {
    setMode(mode === 'code' ? 'recovery' : 'code');
    setValue('');
    setError(undefined);
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={TEXT.stepTitle}>
      <Stack gap="4">
        <Heading as="h2" size="lg">
          {TEXT.stepTitle}
        </Heading>
        <Text color="fg.muted">{mode === 'code' ? TEXT.stepBody : TEXT.recoveryBody}</Text>
        <TextField
          key={mode}
          name="code"
          label={mode === 'code' ? TEXT.codeLabel : TEXT.recoveryCodeLabel}
          required
          fieldRef={input}
          autoComplete={mode === 'code' ? 'one-time-code' : 'off'}
          aria-describedby={error ? 'second-factor-error' : undefined}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          invalid={Boolean(error)}
        />
        <FormErrorAlert id="second-factor-error" message={error} />
        <SubmitButton busy={busy} busyLabel={TEXT.verifying}>
          {TEXT.verify}
        </SubmitButton>
        <Button type="button" variant="plain" size="sm" alignSelf="center" onClick={switchMode}>
          {mode === 'code' ? TEXT.useRecoveryCode : TEXT.useAuthenticator}
        </Button>
        <Button type="button" variant="ghost" size="sm" alignSelf="center" onClick={() => void logout()}>
          {TEXT.cancel}
        </Button>
      </Stack>
    </form>
  );
}
