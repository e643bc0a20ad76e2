import { useAuthStore } from '@agency/auth';
import { CHECKOUT_MESSAGES } from '@agency/domain/messages/checkout';
import { Link as RouterLink } from '@agency/router';
import { Button } from '@agency/ui';
import { SuccessLayout } from '../../../components/success-layout';

const m = CHECKOUT_MESSAGES.purchaseSuccess;

/** /purchase-success (exposed module). */
export default function PurchaseSuccessPage() {
  const signedIn = useAuthStore((state) => state.status === 'logged-in');
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
    />
  );
}
