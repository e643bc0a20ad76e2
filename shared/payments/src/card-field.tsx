import { CardElement } from '@stripe/react-stripe-js';
import type { StripeCardElementChangeEvent, StripeCardElementOptions } from '@stripe/stripe-js';
import { useId, useMemo, useState } from 'react';
import { Box, Text } from '@agency/ui';

export interface CardFieldState {
  complete: boolean;
  empty: boolean;
  error: string | undefined;
}

export interface CardFieldProps {
  label?: string;
  disabled?: boolean;
  /** Called on every change of the card entry; `complete` says whether it can be charged. */
  onChange?: (state: CardFieldState) => void;
}

const BASE_STYLE: StripeCardElementOptions['style'] = {
  base: { fontSize: '16px', color: '#1a202c', '::placeholder': { color: '#a0aec0' } },
  invalid: { color: '#e53e3e' },
};

/** The card entry every payment screen shows: label, Stripe's card element (no postal code), live error. */
export function CardField({ label = 'Card Information', disabled = false, onChange }: CardFieldProps) {
  const labelId = useId();
  const errorId = useId();
  const [error, setError] = useState<string>();
  const [focused, setFocused] = useState(false);
  const options = useMemo<StripeCardElementOptions>(
    () => ({ hidePostalCode: true, disabled, style: BASE_STYLE }),
    [disabled],
  );

  function handleChange(event: StripeCardElementChangeEvent) {
    const message = event.error?.message;
    setError(message);
    onChange?.({ complete: event.complete, empty: event.empty, error: message });
  }

  return (
    <Box>
      <Text as="span" id={labelId} display="block" fontSize="sm" fontWeight="medium" mb="1.5">
        {label}
      </Text>
      <Box
        role="group"
        aria-labelledby={labelId}
        aria-describedby={error ? errorId : undefined}
        aria-invalid={error ? true : undefined}
        borderWidth="1px"
        borderRadius="md"
        px={{ base: '2', sm: '3' }}
        py="2.5"
        bg={disabled ? 'gray.50' : 'white'}
        borderColor={error ? 'red.500' : focused ? 'blue.500' : 'gray.200'}
        data-testid="card-field"
      >
        <CardElement
          options={options}
          onChange={handleChange}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
        />
      </Box>
      {error ? (
        <Text id={errorId} role="alert" color="red.500" fontSize="sm" mt="1.5">
          {error}
        </Text>
      ) : null}
    </Box>
  );
}
