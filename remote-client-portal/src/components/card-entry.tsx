import { useCallback, useState } from 'react';
import { CardField, type CardFieldState } from '@agency/payments';
import { Box, Text } from '@agency/ui';

/** What went wrong with the card: the screen's message and, when known, why (e.g. "Your card was declined."). */
export interface CardProblem {
  message: string;
  reason?: string | undefined;
}

/** A card field's completeness and the dialog's card error, cleared as soon as the card is complete. */
export function useCardEntry() {
  const [complete, setComplete] = useState(false);
  const [problem, setProblem] = useState<CardProblem>();
  const setError = useCallback(
    (message: string | undefined, reason?: string) => setProblem(message ? { message, reason } : undefined),
    [],
  );
  const onChange = (state: CardFieldState) => {
    setComplete(state.complete);
    if (state.complete) setProblem(undefined);
  };
  return { complete, error: problem, setError, onChange };
}

export type CardEntryState = ReturnType<typeof useCardEntry>;

/** The card field with the dialog's card error announced under it: why first (declined), then what to do. */
export function CardEntry({ entry, disabled }: { entry: CardEntryState; disabled?: boolean }) {
  return (
    <Box>
      <CardField disabled={disabled} onChange={entry.onChange} />
      {entry.error ? (
        <Text role="alert" color="fg.error" fontSize="sm" mt="1.5">
          {entry.error.reason ? <span>{entry.error.reason} </span> : null}
          <span>{entry.error.message}</span>
        </Text>
      ) : null}
    </Box>
  );
}
