import { useAuthStore } from '@agency/auth';
import { formatUsd, shortReference } from '@agency/domain';
import {
  CHECKOUT_MESSAGES,
  PURCHASE_CONFIRMATION_KEY,
  type PurchaseConfirmation,
} from '@agency/domain/messages/checkout';
import { Link as RouterLink } from '@agency/router';
import { Button } from '@agency/ui';
import { ConfirmationFacts, type ConfirmationFact } from '../../../components/confirmation-facts';
import { SuccessLayout } from '../../../components/success-layout';
import { useSessionValue } from '../../../lib/session-value';

const m = CHECKOUT_MESSAGES.purchaseSuccess;

function parseConfirmation(raw: string): PurchaseConfirmation | null {
  const value = JSON.parse(raw) as Partial<PurchaseConfirmation> | null;
  if (!value || typeof value.amountDollars !== 'number') return null;
  return {
    amountDollars: value.amountDollars,
    projectId: typeof value.projectId === 'string' ? value.projectId : null,
  };
}

/** /purchase-success (exposed module): the next steps, what was paid and the order's reference. */
export default function PurchaseSuccessPage() {
  const signedIn = useAuthStore((state) => state.status === 'logged-in');
  // Kept by the checkout in this tab (usePurchaseCheckout): a visit without a purchase shows the steps only.
  const confirmation = useSessionValue(PURCHASE_CONFIRMATION_KEY, parseConfirmation);
  const facts: ConfirmationFact[] = [];
  if (confirmation) facts.push({ label: m.amountPaid, value: formatUsd(confirmation.amountDollars) });
  if (confirmation?.projectId)
    facts.push({ label: m.reference, value: shortReference(confirmation.projectId), code: true });
  return (
    <SuccessLayout
      heading={m.heading}
      intro={m.intro}
      stepsHeading={m.nextSteps}
      steps={m.steps}
      actions={
        <>
          {signedIn ? (
            <Button asChild colorPalette="brand">
              <RouterLink to="/dashboard">{m.dashboard}</RouterLink>
            </Button>
          ) : null}
          <Button asChild variant={signedIn ? 'outline' : 'solid'} colorPalette="brand">
            <RouterLink to="/">{m.home}</RouterLink>
          </Button>
        </>
      }
    >
      <ConfirmationFacts facts={facts} hint={confirmation?.projectId ? m.referenceHint : undefined} />
    </SuccessLayout>
  );
}
