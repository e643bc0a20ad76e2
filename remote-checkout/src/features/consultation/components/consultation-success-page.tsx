import { useSyncExternalStore } from 'react';
import { CHECKOUT_MESSAGES, CONSULTATION_PROJECT_ID_KEY } from '@agency/domain/messages/checkout';
import { Link as RouterLink } from '@agency/router';
import { Button, Text } from '@agency/ui';
import { SuccessLayout } from '../../../components/success-layout';

const m = CHECKOUT_MESSAGES.consultationSuccess;

function storedProjectId(): string | null {
  try {
    return sessionStorage.getItem(CONSULTATION_PROJECT_ID_KEY);
  } catch {
    return null;
  }
}

const unchanging = () => () => {};

/** /consultation-success (exposed module). */
export default function ConsultationSuccessPage() {
  // Kept in this browser: a page the server rendered shows it once hydrated (the server has none).
  const projectId = useSyncExternalStore(unchanging, storedProjectId, () => null);
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
        <Text fontSize="sm" color="fg.muted">
          {m.reference}:{' '}
          <Text as="span" fontFamily="mono">
            {projectId}
          </Text>
        </Text>
      ) : null}
    </SuccessLayout>
  );
}
