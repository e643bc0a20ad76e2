// @agency/payments with its Stripe boundary faked, for jest.mock in page tests: the card field becomes a button
// that reports a complete card, and the Stripe calls are the test's own jest.fns. Purchase polling, attempt
// keys and messages stay real.
//
//   jest.mock('@agency/payments', () =>
//     require('<root>/tools/jest/fake-payments').fakePayments(() => ({ confirmCardPayment: mockConfirmCardPayment })),
//   );
//
// The Stripe calls are read through a function because jest.mock factories run before the test file's own
// constants are initialised.
import type { ReactNode } from 'react';
import type { CardFieldState } from '@agency/payments';

export interface FakeStripeCalls {
  confirmCardPayment: (...args: never[]) => unknown;
  createPaymentMethod?: (...args: never[]) => unknown;
}

function FakeCardField({
  onChange,
  disabled,
}: {
  onChange?: (state: CardFieldState) => void;
  disabled?: boolean;
}) {
  return (
    <div role="group" aria-label="Card Information">
      <button
        type="button"
        disabled={disabled}
        onClick={() => onChange?.({ complete: true, empty: false, error: undefined })}
      >
        Enter test card
      </button>
    </div>
  );
}

export function fakePayments(stripe: () => FakeStripeCalls) {
  return {
    ...jest.requireActual<object>('@agency/payments'),
    PaymentProvider: ({ children }: { children: ReactNode }) => children,
    CardField: FakeCardField,
    useConfirmCardPayment: () => ({ confirmCardPayment: stripe().confirmCardPayment, processing: false }),
    useCreatePaymentMethod: () => ({ createPaymentMethod: stripe().createPaymentMethod, processing: false }),
  };
}
