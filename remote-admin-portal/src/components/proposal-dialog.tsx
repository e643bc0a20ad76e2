import { useId, useRef, useState, type FormEvent } from 'react';
import {
  defaultValidUntil,
  findTier,
  isSubscriptionTier,
  PROPOSAL_MESSAGES,
  proposalPrice,
  type Project,
  type ProposalView,
} from '@agency/domain';
import { PROPOSAL_UI } from '@agency/domain/messages/proposal-ui';
import { ADMIN_MESSAGES } from '@agency/domain/messages/admin-portal';
import { Box, List, Stack, Text, useOverlays } from '@agency/ui';
import { DialogActions, TextField, TextareaField } from '@agency/ui/forms';
import { ApiError, apiClient } from '@agency/auth/api';
import { shortDate, usePortalCache, useProposal, useQueryClient } from '@agency/portal';
import { toastError, toastSuccess } from '../lib/toast';

const U = PROPOSAL_UI.admin;

interface Values {
  scope: string;
  deliverables: string;
  monthlyFee: string;
  validUntil: string;
}
type Errors = Partial<Record<keyof Values, string>>;

/** Client-side the same rules as the server's sendProposalSchema, with its messages. */
export function validateProposal(values: Values, subscription: boolean, today: string): Errors {
  const errors: Errors = {};
  if (values.scope.trim().length < 10) errors.scope = PROPOSAL_MESSAGES.scopeRequired;
  if (!values.deliverables.split('\n').some((line) => line.trim()))
    errors.deliverables = PROPOSAL_MESSAGES.deliverablesRequired;
  if (subscription && !(Number(values.monthlyFee) >= 1))
    errors.monthlyFee = PROPOSAL_MESSAGES.monthlyFeeRequired;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.validUntil) || values.validUntil < today)
    errors.validUntil = PROPOSAL_MESSAGES.validUntilInvalid;
  return errors;
}

/**
 * Write and send a proposal (accepting the request), or edit the one sent: every save is a new version and the
 * client can then only sign that one. The Stripe price is derived on the server from the fee set here.
 */
export function ProposalDialog({ project, onClose }: { project: Project; onClose: () => void }) {
  const { DialogShell } = useOverlays();
  const sent = !!project.proposal_version;
  const current = useProposal(project.id, project.proposal_version ?? 0);
  // Editing starts from the version the client sees: the form waits for it.
  if (sent && !current.data)
    return (
      <DialogShell onClose={onClose} title={U.editTitle} size="lg">
        <Text aria-live="polite">{current.isError ? PROPOSAL_UI.loadFailed : PROPOSAL_UI.loading}</Text>
      </DialogShell>
    );
  return <ProposalForm project={project} latest={current.data?.proposal ?? null} onClose={onClose} />;
}

function initialValues(project: Project, latest: ProposalView | null, today: string): Values {
  if (latest) {
    const price = latest.document.price;
    return {
      scope: latest.document.scope,
      deliverables: latest.document.deliverables.join('\n'),
      monthlyFee: price.kind === 'subscription' ? String(price.monthlyFee) : '',
      validUntil:
        latest.document.validUntil < today ? defaultValidUntil(new Date()) : latest.document.validUntil,
    };
  }
  return {
    scope: project.description ?? '',
    deliverables: (findTier(project.tier ?? 0)?.features ?? []).join('\n'),
    monthlyFee: isSubscriptionTier(project.tier ?? 0) && project.cost ? String(project.cost) : '',
    validUntil: defaultValidUntil(new Date()),
  };
}

function ProposalForm({
  project,
  latest,
  onClose,
}: {
  project: Project;
  latest: ProposalView | null;
  onClose: () => void;
}) {
  const { DialogShell } = useOverlays();
  const portal = usePortalCache();
  const queries = useQueryClient();
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const sent = !!latest;
  const subscription = isSubscriptionTier(project.tier ?? 0);
  const today = new Date().toISOString().slice(0, 10);
  const [values, setValues] = useState<Values>(() => initialValues(project, latest, today));
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  const set = (name: keyof Values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: e.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateProposal(values, subscription, today);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setSaving(true);
    try {
      const answer = await portal.changeProject(project.id, () =>
        apiClient().sendProposal({
          params: { id: project.id },
          body: {
            scope: values.scope,
            deliverables: values.deliverables
              .split('\n')
              .map((line) => line.trim())
              .filter(Boolean),
            ...(subscription ? { monthlyFee: Number(values.monthlyFee) } : {}),
            validUntil: values.validUntil,
          },
        }),
      );
      await queries.invalidateQueries({ queryKey: ['proposal', project.id] });
      // The first proposal accepts the request (the spec's 'Project Accepted'); a later one is a new version.
      toastSuccess({
        title: sent ? U.sent : ADMIN_MESSAGES.toasts.accepted.title,
        description: U.sentBody(answer.proposal.document.version),
      });
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields as Errors);
      toastError(error, ADMIN_MESSAGES.errors.accept);
    } finally {
      setSaving(false);
    }
  };

  const fixed = proposalPrice(project);
  return (
    <DialogShell
      onClose={onClose}
      title={sent ? U.editTitle : U.sendTitle}
      busy={saving}
      size="lg"
      footer={
        <DialogActions
          form={formId}
          cancelLabel={ADMIN_MESSAGES.actions.back}
          onCancel={onClose}
          busy={saving}
          busyLabel={U.sending}
          submitLabel={sent ? U.save : U.send}
        />
      }
    >
      <form
        id={formId}
        ref={formRef}
        onSubmit={submit}
        noValidate
        aria-label={sent ? U.editTitle : U.sendTitle}
      >
        <Stack gap="4">
          {sent && latest ? <Text fontSize="sm">{U.editNote(latest.document.version)}</Text> : null}
          <TextareaField
            name="scope"
            label={U.scope}
            helperText={U.scopeHelp}
            required
            rows={6}
            value={values.scope}
            error={errors.scope}
            onChange={set('scope')}
          />
          <TextareaField
            name="deliverables"
            label={U.deliverables}
            required
            rows={4}
            value={values.deliverables}
            error={errors.deliverables}
            onChange={set('deliverables')}
          />
          {subscription ? (
            <TextField
              name="monthlyFee"
              label={U.monthlyFee}
              required
              value={values.monthlyFee}
              error={errors.monthlyFee}
              onChange={set('monthlyFee')}
            />
          ) : fixed?.kind === 'fixed' ? (
            <Text fontSize="sm">{U.fixedPrice(fixed.total, fixed.deposit)}</Text>
          ) : null}
          <TextField
            name="validUntil"
            type="date"
            label={U.validUntil}
            required
            min={today}
            value={values.validUntil}
            error={errors.validUntil}
            onChange={set('validUntil')}
          />
          <Text fontSize="sm" color="fg.muted">
            {U.terms}
          </Text>
          {latest?.history?.length ? (
            <Box>
              <Text fontWeight="semibold" fontSize="sm">
                {U.history}
              </Text>
              <List.Root ps="5" fontSize="sm">
                {latest.history.map((h) => (
                  <List.Item key={h.version}>
                    {U.historyRow(h.version, shortDate(h.issuedAt), h.monthlyFee)}
                  </List.Item>
                ))}
              </List.Root>
            </Box>
          ) : null}
        </Stack>
      </form>
    </DialogShell>
  );
}
