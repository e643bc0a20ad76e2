import { useCallback, useEffect, useRef, useState } from 'react';
import { CardField, type CardFieldState } from '@agency/payments';
import { Box, Text } from '@agency/ui';

/**
 * The card field with the checkout's card problem said beside it, as the portal's payment dialogs do
 * (remote-client-portal components/card-entry.tsx): why first ("Your card was declined.", cardFailureReason in
 * shared/domain), then what to do. The spec's toast stays; this says which card and why where the buyer looks.
 * Kept in this remote rather than @agency/payments until that package's next version (a new export is a bump of
 * every app that shares it).
 */
export interface CardProblem {
  message: string;
  reason?: string | undefined;
}

/** The card's completeness and its problem, cleared as soon as a complete card is entered again. */
export function useCardEntry() {
  const [complete, setComplete] = useState(false);
  const [problem, setProblem] = useState<CardProblem>();
  const setError = useCallback(
    (message: string | undefined, reason?: string) => setProblem(message ? { message, reason } : undefined),
    [],
  );
  const onChange = useCallback((state: CardFieldState) => {
    setComplete(state.complete);
    if (!state.complete) return;
    setProblem(undefined);
  }, []);
  const reset = useCallback(() => {
    setComplete(false);
    setProblem(undefined);
  }, []);
  return { complete, error: problem, setError, onChange, reset };
}

export type CardEntryState = ReturnType<typeof useCardEntry>;

export function CardEntry({ entry, disabled }: { entry: CardEntryState; disabled?: boolean }) {
  const alertRef = useRef<HTMLParagraphElement>(null);
  // On a phone the toast sits at the bottom of the screen: the problem and the Pay button under it are brought to
  // the middle, above the toast.
  useEffect(() => {
    if (entry.error) alertRef.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [entry.error]);
  return (
    <Box>
      <CardField disabled={disabled} onChange={entry.onChange} />
      {entry.error ? (
        <Text ref={alertRef} role="alert" color="fg.error" fontSize="sm" mt="1.5" data-testid="card-problem">
          {entry.error.reason ? <span>{entry.error.reason} </span> : null}
          <span>{entry.error.message}</span>
        </Text>
      ) : null}
    </Box>
  );
}
