import { memo, type FocusEvent } from 'react';
import { Link, Text } from '@agency/ui';
import { Checkbox, Field } from '@agency/ui/forms';

interface TermsCheckboxProps {
  name: string;
  checked: boolean;
  error?: string | undefined;
  readOnly?: boolean;
  /** Called with the field's name, as formik's setFieldValue takes it (a stable handler keeps the memo). */
  onCheckedChange: (name: string, checked: boolean) => unknown;
  onBlur: (event: FocusEvent<HTMLElement>) => void;
}

/**
 * The terms acceptance; the Terms of Service open in a new tab so the form keeps what was typed. Rendered again
 * only when its own props change (not at each keystroke in the form's other fields).
 */
export const TermsCheckbox = memo(function TermsCheckbox({
  name,
  checked,
  error,
  readOnly,
  onCheckedChange,
  onBlur,
}: TermsCheckboxProps) {
  return (
    <Field.Root invalid={!!error}>
      <Checkbox.Root
        checked={checked}
        readOnly={readOnly}
        invalid={!!error}
        onCheckedChange={(details) => void onCheckedChange(name, details.checked === true)}
        alignItems="flex-start"
      >
        <Checkbox.HiddenInput name={name} onBlur={onBlur} />
        <Checkbox.Control mt="0.5" />
        <Checkbox.Label fontWeight="normal">
          I agree to the{' '}
          <Link
            href="/terms-of-service"
            target="_blank"
            rel="noopener noreferrer"
            color="brand.fg"
            textDecoration="underline"
          >
            Terms of Service
            <VisuallyHiddenNewTab />
          </Link>
        </Checkbox.Label>
      </Checkbox.Root>
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
});

function VisuallyHiddenNewTab() {
  return (
    <Text as="span" srOnly>
      {' '}
      (opens in a new tab)
    </Text>
  );
}
