import { shortReference } from '@agency/domain';
import { CHECKOUT_MESSAGES, CONSULTATION_PROJECT_ID_KEY } from '@agency/domain/messages/checkout';
import { Link as RouterLink } from '@agency/router';
import { Button } from '@agency/ui';
import { ConfirmationFacts } from '../../../components/confirmation-facts';
import { SuccessLayout } from '../../../components/success-layout';
import { useSessionValue } from '../../../lib/session-value';

const m = CHECKOUT_MESSAGES.consultationSuccess;

/** /consultation-success (exposed module): the next steps and the request's short reference. */
export default function ConsultationSuccessPage() {
  // The created project's id, kept in this tab by the form (spec section 2); shown as its short reference.
  const projectId = useSessionValue(CONSULTATION_PROJECT_ID_KEY, (raw) => raw || null);
  return (
    <SuccessLayout
      heading={m.heading}
      intro={m.intro}
      stepsHeading={m.nextSteps}
      steps={m.steps}
      actions={
        <>
          <Button asChild colorPalette="brand">
            <RouterLink to="/">{m.home}</RouterLink>
          </Button>
          <Button asChild variant="outline" colorPalette="brand">
            <RouterLink to="/#services">{m.services}</RouterLink>
          </Button>
        </>
      }
    >
      {projectId ? (
        <ConfirmationFacts
          facts={[{ label: m.reference, value: shortReference(projectId), code: true }]}
          hint={m.referenceHint}
        />
      ) : null}
    </SuccessLayout>
  );
}
