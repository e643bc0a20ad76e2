import { useEffect, useRef, type FormEvent } from 'react';
import type { AuthUser } from '@agency/auth';
import { formatUsd, type ServiceTier } from '@agency/domain';
import { CHECKOUT_MESSAGES } from '@agency/domain/messages/checkout';
import {
  EMPTY_PURCHASE_FORM,
  purchaseFormSchema,
  purchaseToastFor,
  type PurchaseFormValues,
} from '@agency/domain/schemas/purchase-form';
import { Box, Button, Card, Container, Grid, GridItem, Heading, Stack, Text } from '@agency/ui';
import { BackLink } from '../../../components/back-link';
import { CardEntry, useCardEntry } from '../../../components/card-entry';
import { CustomerFields } from '../../../components/customer-fields';
import { TermsCheckbox } from '../../../components/terms-checkbox';
import { useCheckoutForm } from '../../../hooks/use-checkout-form';
import { customerPrefill } from '../../../lib/customer-prefill';
import { usePurchaseCheckout } from '../hooks/use-purchase-checkout';
import { OrderSummary } from './order-summary';

const m = CHECKOUT_MESSAGES.purchase;
const FIELD_ORDER: (keyof PurchaseFormValues)[] = [
  'firstName',
  'lastName',
  'email',
  'company',
  'projectDescription',
  'acceptedTerms',
];

const prefillFrom = (user: AuthUser | null): PurchaseFormValues => ({
  ...EMPTY_PURCHASE_FORM,
  ...customerPrefill(user),
});

/** The purchase of one fixed-price tier: summary, customer details, then the card once the intent exists. */
export function PurchaseCheckout({ tier }: { tier: ServiceTier }) {
  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }} px={{ base: '3', sm: '4', md: '6' }}>
      <Stack gap="6">
        <BackLink label={m.backToServices} />
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          {m.heading(tier.name)}
        </Heading>
        <Grid
          templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 380px' }}
          gap={{ base: '6', lg: '10' }}
          alignItems="start"
        >
          <GridItem gridColumn={{ lg: '2' }} gridRow={{ lg: '1' }}>
            <OrderSummary tier={tier} />
          </GridItem>
          <GridItem gridColumn={{ lg: '1' }} gridRow={{ lg: '1' }}>
            <PurchaseForm tier={tier} />
          </GridItem>
        </Grid>
      </Stack>
    </Container>
  );
}

/** The customer details and card, with their state: a keystroke renders the form again, not the page around it. */
function PurchaseForm({ tier }: { tier: ServiceTier }) {
  const { phase, requestIntent, confirmPayment, editDetails } = usePurchaseCheckout(tier);
  const cardEntry = useCardEntry();
  const cardComplete = cardEntry.complete;
  const paymentHeadingRef = useRef<HTMLHeadingElement>(null);
  const deposit = formatUsd(tier.downpaymentDollars!);
  // The form's toast ('Missing Information' and the others) goes once the details are complete.
  const {
    formik,
    formRef,
    valid: detailsValid,
    check,
    bind,
  } = useCheckoutForm<PurchaseFormValues>({
    initialValues: prefillFrom,
    validationSchema: purchaseFormSchema,
    fieldOrder: FIELD_ORDER,
    toastId: 'purchase-details',
  });
  const { values, errors, touched } = formik;

  const showCard = phase === 'card' || phase === 'confirming' || phase === 'done';
  useEffect(() => {
    if (phase === 'card') paymentHeadingRef.current?.focus();
  }, [phase === 'card']); // eslint-disable-line react-hooks/exhaustive-deps

  const busy = phase === 'requesting-intent' || phase === 'confirming' || phase === 'done';
  const locked = phase !== 'details';
  const payDisabled = showCard ? !cardComplete : !detailsValid;

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (phase === 'card') {
      if (!cardComplete) return;
      cardEntry.setError(undefined);
      const problem = await confirmPayment(values);
      if (problem) cardEntry.setError(problem.message, problem.reason);
      return;
    }
    if (!(await check(purchaseToastFor))) return;
    await requestIntent(values);
  }

  const bindLocked = (name: Parameters<typeof bind>[0]) => ({ ...bind(name), readOnly: locked });

  // On a phone the form sits on the page without the card's frame and padding: the card field needs the width
  // to show a whole card number beside the expiry and CVC.
  return (
    <Card.Root borderWidth={{ base: '0', md: '1px' }} boxShadow={{ base: 'none', md: undefined }}>
      <Card.Body p={{ base: '0', md: '6' }}>
        <form ref={formRef} method="post" noValidate onSubmit={handleSubmit} aria-busy={busy}>
          <Stack gap="5">
            <Heading as="h2" size="lg">
              {m.customerInformation}
            </Heading>
            <CustomerFields
              bind={bindLocked}
              companyLabel="Company"
              descriptionPlaceholder="Tell us about your project, goals and any must-have features."
            />
            <TermsCheckbox
              name="acceptedTerms"
              checked={values.acceptedTerms}
              readOnly={locked}
              error={touched.acceptedTerms ? errors.acceptedTerms : undefined}
              onCheckedChange={formik.setFieldValue}
              onBlur={formik.handleBlur}
            />
            {showCard ? (
              <Stack gap="3" as="section" aria-labelledby="payment-heading">
                <Heading
                  as="h2"
                  size="lg"
                  id="payment-heading"
                  ref={paymentHeadingRef}
                  tabIndex={-1}
                  outline="none"
                >
                  {m.payment}
                </Heading>
                <Text fontSize="sm" color="fg.muted">
                  {m.cardHint}
                </Text>
                <CardEntry entry={cardEntry} disabled={busy} />
                {phase === 'card' ? (
                  <Box>
                    <Button
                      type="button"
                      variant="plain"
                      size="sm"
                      px="0"
                      color="brand.fg"
                      onClick={() => {
                        cardEntry.reset();
                        editDetails();
                      }}
                    >
                      {m.editDetails}
                    </Button>
                  </Box>
                ) : null}
              </Stack>
            ) : null}
            <Button
              type="submit"
              colorPalette="brand"
              size="lg"
              width="full"
              aria-disabled={payDisabled || undefined}
              disabled={busy}
              loading={busy}
              loadingText={m.processing}
            >
              {m.payButton(deposit)}
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
