import { useId, useRef, useState, type FormEvent } from 'react';
import {
  isFullyAccepted,
  isSubscriptionTier,
  SERVICE_TIERS,
  SIMPLE_EMAIL_PATTERN,
  type Project,
  type TierId,
  type UpdateProjectRequest,
} from '@agency/domain';
import { ADMIN_MESSAGES } from '@agency/domain/messages/admin-portal';
import { Button, SimpleGrid, Stack, Text, useOverlays } from '@agency/ui';
import { DialogActions, Field, Input, NativeSelect, Textarea } from '@agency/ui/forms';
import { apiClient } from '@agency/auth/api';
import { usePortalCache } from '@agency/portal';
import { toastError, toastSuccess } from '../lib/toast';

const E = ADMIN_MESSAGES.edit;

interface Values {
  title: string;
  description: string;
  tier: string;
  client_name: string;
  client_email: string;
  company: string;
  cost: string;
  downpayment: string;
}
type Errors = Partial<Record<keyof Values, string>>;

const toValues = (p: Project): Values => ({
  title: p.title,
  description: p.description ?? '',
  tier: p.tier === null ? '' : String(p.tier),
  client_name: p.client_name ?? '',
  client_email: p.client_email ?? '',
  company: p.company ?? '',
  cost: p.cost === null ? '' : String(p.cost),
  downpayment: p.downpayment === null ? '' : String(p.downpayment),
});

const isAmount = (v: string) => v.trim() === '' || (/^\d+(\.\d{1,2})?$/.test(v.trim()) && Number(v) >= 0);
const amount = (v: string) => (v.trim() === '' ? null : Number(v));

export function validateProjectEdit(values: Values): Errors {
  const errors: Errors = {};
  if (!values.title.trim()) errors.title = E.titleRequired;
  if (values.client_email.trim() && !SIMPLE_EMAIL_PATTERN.test(values.client_email.trim()))
    errors.client_email = E.invalidEmail;
  if (!isAmount(values.cost)) errors.cost = E.invalidNumber;
  if (!isAmount(values.downpayment)) errors.downpayment = E.invalidNumber;
  return errors;
}

function toRequest(values: Values): UpdateProjectRequest {
  const subscription = isSubscriptionTier(Number(values.tier));
  return {
    title: values.title.trim(),
    description: values.description,
    ...(values.tier ? { tier: Number(values.tier) as TierId } : {}),
    client_name: values.client_name.trim(),
    ...(values.client_email.trim() ? { client_email: values.client_email.trim() } : {}),
    company: values.company.trim() || null,
    cost: amount(values.cost),
    // A subscription has no deposit (issue 33); the Stripe price is derived on the server, never typed.
    ...(subscription ? {} : { downpayment: amount(values.downpayment) }),
  };
}

interface Props {
  project: Project;
}

/** Edit: the dialog with every editable field. Blocked (disabled, with the reason) once both sides accepted. */
export function EditProjectButton({ project }: Props) {
  const { DialogShell } = useOverlays();
  const portal = usePortalCache();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Values>(() => toValues(project));
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const blockedId = useId();
  const formId = useId();
  const blocked = isFullyAccepted(project);

  if (blocked) {
    return (
      <Stack gap="1">
        <Button size="sm" variant="outline" disabled aria-describedby={blockedId} alignSelf="flex-start">
          {ADMIN_MESSAGES.actions.edit}
        </Button>
        <Text id={blockedId} fontSize="xs" color="fg.muted">
          {ADMIN_MESSAGES.editBlocked}
        </Text>
      </Stack>
    );
  }

  const subscription = isSubscriptionTier(Number(values.tier));
  const set = (name: keyof Values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: e.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateProjectEdit(values);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setSaving(true);
    try {
      await portal.changeProject(project.id, () =>
        apiClient().updateProject({ params: { id: project.id }, body: toRequest(values) }),
      );
      toastSuccess(ADMIN_MESSAGES.toasts.updated);
      setOpen(false);
    } catch (error) {
      toastError(error, ADMIN_MESSAGES.errors.update);
    } finally {
      setSaving(false);
    }
  };

  const text = (
    name: keyof Values,
    label: string,
    props: { required?: boolean; type?: string; inputMode?: 'decimal' } = {},
  ) => (
    <Field.Root required={props.required} invalid={Boolean(errors[name])}>
      <Field.Label>
        {label}
        {props.required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      <Input
        name={name}
        type={props.type ?? 'text'}
        inputMode={props.inputMode}
        value={values[name]}
        onChange={set(name)}
      />
      <Field.ErrorText>{errors[name]}</Field.ErrorText>
    </Field.Root>
  );

  const openEditor = () => {
    setValues(toValues(project));
    setErrors({});
    setOpen(true);
  };
  const close = () => setOpen(false);

  return (
    <>
      <Button size="sm" variant="outline" onClick={openEditor} aria-haspopup="dialog">
        {ADMIN_MESSAGES.actions.edit}
      </Button>
      {open ? (
        <DialogShell
          onClose={close}
          title={E.title}
          busy={saving}
          size="lg"
          footer={
            <DialogActions
              form={formId}
              cancelLabel={ADMIN_MESSAGES.actions.back}
              onCancel={close}
              busy={saving}
              busyLabel={ADMIN_MESSAGES.actions.saving}
              submitLabel={ADMIN_MESSAGES.actions.save}
            />
          }
        >
          <form id={formId} ref={formRef} onSubmit={submit} noValidate aria-label={E.title}>
            <Stack gap="4">
              {text('title', E.fields.title, { required: true })}
              <Field.Root>
                <Field.Label>{E.fields.description}</Field.Label>
                <Textarea
                  name="description"
                  rows={4}
                  value={values.description}
                  onChange={set('description')}
                />
              </Field.Root>
              <Field.Root>
                <Field.Label>{E.fields.tier}</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field name="tier" value={values.tier} onChange={set('tier')}>
                    {values.tier === '' ? (
                      <option value="">{ADMIN_MESSAGES.project.generalConsultation}</option>
                    ) : null}
                    {SERVICE_TIERS.map((t) => (
                      <option key={t.id} value={String(t.id)}>
                        {`Tier ${t.id}: ${t.name}`}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                {text('client_name', E.fields.clientName)}
                {text('client_email', E.fields.clientEmail, { type: 'email' })}
                {text('company', E.fields.company)}
                {text('cost', subscription ? E.fields.monthlyCost : E.fields.cost, { inputMode: 'decimal' })}
                {subscription ? null : text('downpayment', E.fields.downpayment, { inputMode: 'decimal' })}
              </SimpleGrid>
            </Stack>
          </form>
        </DialogShell>
      ) : null}
    </>
  );
}
