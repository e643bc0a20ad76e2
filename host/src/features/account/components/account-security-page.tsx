import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { SECOND_FACTOR_TEXT as TEXT } from '@agency/domain';
import {
  loadSecondFactor,
  type CodeResult,
  type SecondFactorModule,
  type SecondFactorStatus,
  type TotpEnrolment,
} from '@agency/auth';
import { Box, Button, Heading, PageContainer, Stack, Text, toaster } from '@agency/ui';
import { Alert, FormErrorAlert, SubmitButton, TextField } from '@agency/ui/forms';
import { PageSpinner } from '../../../components/page-spinner';

const CODE_ERRORS: Record<Exclude<CodeResult, 'signed-in'>, string> = {
  'wrong-code': TEXT.wrongCode,
  locked: TEXT.locked,
  failed: TEXT.failed,
};

type Step =
  | { kind: 'loading' }
  | { kind: 'failed' }
  | { kind: 'status'; status: SecondFactorStatus }
  | { kind: 'enrolling'; enrolment: TotpEnrolment }
  | { kind: 'codes'; codes: string[] };

/** The recovery codes, shown once, with the one way on: "I have saved these codes". */
function RecoveryCodes({
  codes,
  format,
  onDone,
}: {
  codes: string[];
  format: (code: string) => string;
  onDone: () => void;
}) {
  // The form that led here is gone: the codes' heading takes the focus (and is read out first).
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Stack gap="4">
      <Heading as="h2" size="lg" ref={heading} tabIndex={-1} outline="none">
        {TEXT.recoveryTitle}
      </Heading>
      <Text>{TEXT.recoveryCodesBody}</Text>
      <Box
        as="ol"
        aria-label={TEXT.recoveryTitle}
        display="grid"
        gridTemplateColumns={{ base: '1fr', sm: '1fr 1fr' }}
        gap="2"
        p="4"
        borderWidth="1px"
        borderRadius="md"
        bg="bg.subtle"
        fontFamily="mono"
        listStyleType="none"
      >
        {codes.map((code) => (
          <li key={code}>{format(code)}</li>
        ))}
      </Box>
      <Button alignSelf="flex-start" onClick={onDone}>
        {TEXT.savedCodes}
      </Button>
    </Stack>
  );
}

/** Adding an authenticator app: its QR code and key, then its first code. */
function Enrolment({
  enrolment,
  factor,
  onConfirmed,
}: {
  enrolment: TotpEnrolment;
  factor: SecondFactorModule;
  onConfirmed: (codes: string[]) => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError(TEXT.codeRequired);
    setBusy(true);
    setError(undefined);
    const { result, recoveryCodes } = await factor.confirmTotpEnrolment(enrolment.factorId, code.trim());
    setBusy(false);
    if (result === 'signed-in' && recoveryCodes) {
      toaster.create({ title: TEXT.turnedOn, type: 'success' });
      onConfirmed(recoveryCodes);
      return;
    }
    setError(CODE_ERRORS[result === 'signed-in' ? 'failed' : result]);
    setCode('');
    input.current?.focus();
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={TEXT.setUp}>
      <Stack gap="4">
        <Heading as="h2" size="lg">
          {TEXT.setUp}
        </Heading>
        <Text>{TEXT.scan}</Text>
        <Box alignSelf="center" bg="white" p="2" borderRadius="md" borderWidth="1px">
          <img src={enrolment.qrCode} alt={TEXT.qrAlt} width={200} height={200} />
        </Box>
        <Box>
          <Text fontWeight="medium">{TEXT.keyLabel}</Text>
          <Text fontFamily="mono" wordBreak="break-all" data-testid="totp-secret">
            {enrolment.secret}
          </Text>
        </Box>
        <Text>{TEXT.confirmBody}</Text>
        <TextField
          name="code"
          label={TEXT.codeLabel}
          required
          fieldRef={input}
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          invalid={Boolean(error)}
        />
        <FormErrorAlert id="enrolment-error" message={error} />
        <SubmitButton busy={busy} busyLabel={TEXT.verifying} alignSelf="flex-start">
          {TEXT.turnOn}
        </SubmitButton>
      </Stack>
    </form>
  );
}

/**
 * /account/security: two-factor sign-in (TOTP through supabase-js's MFA API). Off: set it up (QR code and
 * key, the first code, then the recovery codes, shown once). On: new recovery codes, or turn it off.
 */
export function AccountSecurityPage() {
  const [factor, setFactor] = useState<SecondFactorModule | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);

  const refresh = useCallback(async () => {
    try {
      const module = await loadSecondFactor();
      setFactor(module);
      setStep({ kind: 'status', status: await module.secondFactorStatus() });
    } catch (error) {
      console.error('Could not read the sign-in settings', error);
      setStep({ kind: 'failed' });
    }
  }, []);
  useEffect(() => {
    // Asked once the module is here (a promise callback, not during the effect).
    loadSecondFactor().then(
      () => refresh(),
      () => setStep({ kind: 'failed' }),
    );
  }, [refresh]);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      console.error('Sign-in settings failed', error);
      toaster.create({ title: TEXT.failed, type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  let body;
  if (step.kind === 'loading' || !factor) body = step.kind === 'failed' ? null : <PageSpinner />;
  if (step.kind === 'failed')
    body = (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Title>{TEXT.loadFailed}</Alert.Title>
      </Alert.Root>
    );
  else if (factor && step.kind === 'enrolling')
    body = (
      <Enrolment
        enrolment={step.enrolment}
        factor={factor}
        onConfirmed={(codes) => setStep({ kind: 'codes', codes })}
      />
    );
  else if (factor && step.kind === 'codes')
    body = (
      <RecoveryCodes codes={step.codes} format={factor.formatRecoveryCode} onDone={() => void refresh()} />
    );
  else if (factor && step.kind === 'status') {
    const { totpFactorId, recoveryCodesLeft } = step.status;
    body = (
      <Stack gap="4">
        <Heading as="h2" size="lg">
          {TEXT.heading}
        </Heading>
        <Text role="status">{totpFactorId ? TEXT.on : TEXT.off}</Text>
        {totpFactorId && recoveryCodesLeft !== null && <Text>{TEXT.recoveryLeft(recoveryCodesLeft)}</Text>}
        {totpFactorId ? (
          <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
            <Button
              variant="outline"
              disabled={busy}
              onClick={() =>
                void run(async () => setStep({ kind: 'codes', codes: await factor.newRecoveryCodes() }))
              }
            >
              {TEXT.newCodes}
            </Button>
            <Button
              variant="outline"
              colorPalette="red"
              disabled={busy}
              onClick={() =>
                void run(async () => {
                  await factor.turnOffSecondFactor(totpFactorId);
                  toaster.create({ title: TEXT.turnedOff, type: 'success' });
                  await refresh();
                })
              }
            >
              {TEXT.turnOff}
            </Button>
          </Stack>
        ) : (
          <Button
            alignSelf="flex-start"
            loading={busy}
            onClick={() =>
              void run(async () =>
                setStep({
                  kind: 'enrolling',
                  enrolment: await factor.startTotpEnrolment(window.location.host),
                }),
              )
            }
          >
            {TEXT.setUp}
          </Button>
        )}
      </Stack>
    );
  }

  return (
    <PageContainer py={{ base: '10', md: '16' }}>
      <Box maxW="lg" mx="auto">
        <Heading as="h1" size="2xl" textAlign="center" mb="8">
          {TEXT.pageTitle}
        </Heading>
        <Box borderWidth="1px" borderRadius="lg" p={{ base: '4', sm: '6' }} bg="bg.panel">
          {body}
        </Box>
      </Box>
    </PageContainer>
  );
}
