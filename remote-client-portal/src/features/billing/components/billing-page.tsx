import { useState, type FormEvent } from 'react';
import { formatUsd, routePath } from '@agency/domain';
import { BILLING_ROUTES } from '@agency/domain/routes/billing';
import {
  BILLING_DOCUMENT_LABELS,
  BILLING_TEXT as T,
  billingDetailsSchema,
  SAVED_CARD,
  type BillingOverview,
  type BillingDocumentSummary,
  type UpcomingCharge,
} from '@agency/domain/billing';
import { useAuthStore } from '@agency/auth';
import { apiClient, apiErrorMessage } from '@agency/auth/api';
import { getAppConfig } from '@agency/app-config';
import {
  CardDigits,
  downloadDocument,
  shortDate,
  usePortalCache,
  useQueryClient,
  LoadFailed,
} from '@agency/portal';
import { PaymentProvider, PAYMENT_MESSAGES } from '@agency/payments';
import { Box, Button, Card, Center, Heading, HStack, Spinner, Stack, Text, useOverlays } from '@agency/ui';
import { TextareaField, TextField } from '@agency/ui/forms';
import { CardEntry, useCardSubmit } from '../../../components/card-entry';
import { BILLING_QUERY_KEY, useBillingOverview } from '../../../lib/billing-overview';
import { paymentConfig } from '../../../lib/payment-config';
import { toastError, toastSuccess } from '../../../lib/toast';

export { BILLING_QUERY_KEY, useBillingOverview };

/** The Billing page (`/dashboard?view=billing`). */
export function BillingPage({ onBack }: { onBack: () => void }) {
  const overview = useBillingOverview();
  return (
    <Stack gap="8">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading as="h2" size={{ base: 'xl', md: '2xl' }}>
          {T.title}
        </Heading>
        <Button variant="outline" onClick={onBack}>
          {T.back}
        </Button>
      </HStack>
      {overview.isPending ? (
        <Center py="12" role="status" flexDirection="column" gap="3">
          <Spinner size="lg" aria-hidden />
          <Text>{T.loading}</Text>
        </Center>
      ) : overview.isError ? (
        <LoadFailed title={T.loadFailed} retryLabel={T.retry} onRetry={() => void overview.refetch()} />
      ) : (
        <BillingSections overview={overview.data} />
      )}
    </Stack>
  );
}

function BillingSections({ overview }: { overview: BillingOverview }) {
  return (
    <PaymentProvider config={paymentConfig()}>
      <Stack gap="8">
        <Upcoming upcoming={overview.upcoming} overview={overview} />
        <SavedCardSection overview={overview} />
        <DetailsForm overview={overview} />
        <Documents documents={overview.documents} />
      </Stack>
    </PaymentProvider>
  );
}

function Section({ title, id, children }: { title: string; id: string; children: React.ReactNode }) {
  return (
    <Card.Root as="section" aria-labelledby={id} variant="outline">
      <Card.Body>
        <Heading as="h3" id={id} size="lg" mb="4">
          {title}
        </Heading>
        {children}
      </Card.Body>
    </Card.Root>
  );
}

function Upcoming({ upcoming, overview }: { upcoming: UpcomingCharge[]; overview: BillingOverview }) {
  return (
    <Section title={T.upcomingHeading} id="billing-upcoming">
      {upcoming.length === 0 ? (
        <Text>{T.noUpcoming}</Text>
      ) : (
        <Stack as="ul" gap="4" listStyleType="none">
          {upcoming.map((charge) => (
            <Box as="li" key={charge.projectId} borderBottomWidth="1px" pb="3">
              <Text fontWeight="semibold">{charge.projectTitle}</Text>
              <UpcomingFacts charge={charge} />
              {charge.finalPaymentDue && overview.savedCard ? (
                <PayFinalWithSavedCard charge={charge} />
              ) : null}
            </Box>
          ))}
        </Stack>
      )}
    </Section>
  );
}

/** A subscription's next charge and minimum-term end, or a fixed-price project's balance. */
export function UpcomingFacts({ charge }: { charge: UpcomingCharge }) {
  return (
    <Box as="dl" display="grid" gridTemplateColumns="max-content 1fr" columnGap="4" rowGap="1" fontSize="sm">
      {charge.kind === 'subscription' ? (
        <>
          <Text as="dt" color="fg.muted">
            {T.nextCharge}
          </Text>
          <Text as="dd">
            {charge.nextChargeAt
              ? `${shortDate(charge.nextChargeAt)} · ${formatUsd(charge.amount)}`
              : formatUsd(charge.amount)}
          </Text>
          {charge.minimumTermEndsAt ? (
            <>
              <Text as="dt" color="fg.muted">
                {T.minimumTermEnds}
              </Text>
              <Text as="dd">{shortDate(charge.minimumTermEndsAt)}</Text>
            </>
          ) : null}
        </>
      ) : (
        <>
          <Text as="dt" color="fg.muted">
            {T.balanceDue}
          </Text>
          <Text as="dd">{formatUsd(charge.amount)}</Text>
        </>
      )}
    </Box>
  );
}

/** The final payment, paid with the saved card: no card typed (the server takes the client's own card). */
function PayFinalWithSavedCard({ charge }: { charge: UpcomingCharge }) {
  const portal = usePortalCache();
  const queries = useQueryClient();
  const [paying, setPaying] = useState(false);
  async function pay() {
    if (paying) return;
    setPaying(true);
    try {
      await portal.changeProject(charge.projectId, () =>
        apiClient().processFinalPayment({
          body: { projectId: charge.projectId, paymentMethodId: SAVED_CARD },
        }),
      );
      toastSuccess({ title: T.finalPaid });
      await queries.invalidateQueries({ queryKey: BILLING_QUERY_KEY });
    } catch (error) {
      toastError(apiErrorMessage(error, T.payFailed));
    } finally {
      setPaying(false);
    }
  }
  return (
    <Button mt="3" colorPalette="brand" onClick={() => void pay()} loading={paying} loadingText={T.paying}>
      {T.payFinal(formatUsd(charge.amount))}
    </Button>
  );
}

function SavedCardSection({ overview }: { overview: BillingOverview }) {
  const user = useAuthStore((s) => s.user);
  const queries = useQueryClient();
  const {
    entry: cardEntry,
    sending,
    submit,
  } = useCardSubmit(() => ({
    name: overview.details?.name || user?.fullName || '',
    email: user?.email ?? '',
  }));
  const [editing, setEditing] = useState(false);
  const card = overview.savedCard;

  async function save(event: FormEvent) {
    event.preventDefault();
    const answer = await submit(
      (paymentMethodId) => apiClient().saveCard({ body: { paymentMethodId } }),
      (failure) => apiErrorMessage(failure, PAYMENT_MESSAGES.paymentFailed),
    );
    if (!answer) return;
    queries.setQueryData<BillingOverview>(BILLING_QUERY_KEY, (before) =>
      before ? { ...before, savedCard: answer.savedCard } : before,
    );
    toastSuccess({ title: T.cardSaved });
    setEditing(false);
  }

  return (
    <Section title={T.cardHeading} id="billing-card">
      <Stack gap="4">
        {card ? (
          <Text>
            <Text as="span" textTransform="capitalize">
              {card.brand}
            </Text>{' '}
            <CardDigits last4={card.last4} />
            {card.expMonth && card.expYear
              ? ` · ${String(card.expMonth).padStart(2, '0')}/${card.expYear}`
              : ''}
          </Text>
        ) : (
          <Text>{T.noCard}</Text>
        )}
        {editing ? (
          <form noValidate onSubmit={(event) => void save(event)} aria-label={T.cardHeading}>
            <Stack gap="3" maxW="md">
              <CardEntry entry={cardEntry} disabled={sending} />
              <HStack>
                <Button type="submit" colorPalette="brand" loading={sending} loadingText={T.saving}>
                  {card ? T.replaceCard : T.saveCard}
                </Button>
                <Button variant="ghost" onClick={() => setEditing(false)} disabled={sending}>
                  {T.cancel}
                </Button>
              </HStack>
            </Stack>
          </form>
        ) : (
          <Box>
            <Button variant="outline" onClick={() => setEditing(true)}>
              {card ? T.replaceCard : T.saveCard}
            </Button>
          </Box>
        )}
      </Stack>
    </Section>
  );
}

type DetailsValues = { name: string; company: string; address: string; taxId: string };

function DetailsForm({ overview }: { overview: BillingOverview }) {
  const queries = useQueryClient();
  const initial: DetailsValues = {
    name: overview.details?.name ?? '',
    company: overview.details?.company ?? '',
    address: overview.details?.address ?? '',
    taxId: overview.details?.taxId ?? '',
  };
  const [values, setValues] = useState<DetailsValues>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof DetailsValues, string>>>({});
  const [saving, setSaving] = useState(false);

  const field = (name: keyof DetailsValues) => ({
    name,
    value: values[name],
    error: errors[name],
    disabled: saving,
    onChange: (event: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [name]: event.target.value })),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const body = {
      name: values.name,
      address: values.address,
      company: values.company || null,
      taxId: values.taxId || null,
    };
    try {
      billingDetailsSchema.validateSync(body, { abortEarly: false });
    } catch (invalid) {
      const found: Partial<Record<keyof DetailsValues, string>> = {};
      for (const error of (invalid as { inner: Array<{ path?: string; message: string }> }).inner)
        if (error.path) found[error.path as keyof DetailsValues] ??= error.message;
      setErrors(found);
      return;
    }
    setSaving(true);
    try {
      const answer = await apiClient().updateBillingDetails({ body });
      queries.setQueryData<BillingOverview>(BILLING_QUERY_KEY, (before) =>
        before ? { ...before, details: answer.details } : before,
      );
      setErrors({});
      toastSuccess({ title: T.saved });
    } catch (error) {
      const fields = (error as { fields?: Partial<Record<keyof DetailsValues, string>> }).fields;
      if (fields) setErrors(fields);
      toastError(apiErrorMessage(error, T.loadFailed));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Section title={T.detailsHeading} id="billing-details">
      <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="billing-details">
        <Stack gap="4" maxW="lg">
          <Text fontSize="sm" color="fg.muted">
            {overview.details ? T.detailsHint : T.noDetails}
          </Text>
          <TextField label={T.fields.name} required autoComplete="name" {...field('name')} />
          <TextField label={T.fields.company} autoComplete="organization" {...field('company')} />
          <TextareaField label={T.fields.address} required {...field('address')} />
          <TextField label={T.fields.taxId} {...field('taxId')} />
          <Box>
            <Button type="submit" colorPalette="brand" loading={saving} loadingText={T.saving}>
              {T.save}
            </Button>
          </Box>
        </Stack>
      </form>
    </Section>
  );
}

async function download(document_: BillingDocumentSummary) {
  const path = routePath(BILLING_ROUTES.billingDocumentPdf.path, { id: document_.id });
  const saved = await downloadDocument(getAppConfig().apiUrl, path, `${document_.number}.pdf`).catch(
    () => false,
  );
  if (!saved) toastError(T.downloadFailed);
}

function Documents({ documents }: { documents: BillingDocumentSummary[] }) {
  const { Table } = useOverlays();
  const c = T.columns;
  return (
    <Section title={T.documentsHeading} id="billing-documents">
      {documents.length === 0 ? (
        <Text>{T.noDocuments}</Text>
      ) : (
        <Box overflowX="auto">
          <Table.Root size="sm">
            <Table.Caption srOnly>{T.documentsCaption}</Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{c.number}</Table.ColumnHeader>
                <Table.ColumnHeader>{c.kind}</Table.ColumnHeader>
                <Table.ColumnHeader>{c.date}</Table.ColumnHeader>
                <Table.ColumnHeader>{c.project}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{c.amount}</Table.ColumnHeader>
                <Table.ColumnHeader>{c.download}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {documents.map((d) => (
                <Table.Row key={d.id}>
                  <Table.Cell>{d.number}</Table.Cell>
                  <Table.Cell>
                    {BILLING_DOCUMENT_LABELS[d.kind]}
                    {d.invoiceNumber ? (
                      <Text as="span" color="fg.muted" fontSize="xs" display="block">
                        {T.correcting(d.invoiceNumber)}
                      </Text>
                    ) : null}
                  </Table.Cell>
                  <Table.Cell>{shortDate(d.issuedAt)}</Table.Cell>
                  <Table.Cell>{d.projectTitle ?? '-'}</Table.Cell>
                  <Table.Cell textAlign="end">
                    {formatUsd(d.kind === 'credit_note' ? -d.amount : d.amount)}
                  </Table.Cell>
                  <Table.Cell>
                    <Button
                      size="xs"
                      variant="outline"
                      onClick={() => void download(d)}
                      aria-label={T.download(d.number)}
                    >
                      PDF
                    </Button>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
    </Section>
  );
}
