import { Component, lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { getAppConfig } from '@agency/app-config';
import { Box, Center, Link, Spinner, Text, VisuallyHidden } from '@agency/ui';
import { useFirstView } from '../../../hooks/use-first-view';

// formik and yup (~23 kB gz) stay off the first load of /: the form loads as the contact section nears.
const ContactForm = lazy(() => import('./contact-form').then((module) => ({ default: module.ContactForm })));

/** The form's own height, reserved up front so nothing moves when it arrives. */
const FORM_HEIGHT = { base: '35rem', sm: '29.5rem' };

/** If the form's code cannot load, the rest of the page stays and the visitor gets another way to write. */
class FormLoadBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error('The contact form could not be loaded', error);
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export function DeferredContactForm() {
  const ref = useRef<HTMLDivElement>(null);
  const [wanted, setWanted] = useState(false);
  useFirstView(ref, () => setWanted(true), {
    threshold: 0,
    rootMargin: '600px 0px',
    withoutObserver: 'call',
  });
  const { contactEmail } = getAppConfig().links;
  // Without JavaScript (the server-rendered page as it is) there is no form to wait for: the address instead.
  const placeholder = (
    <Center h="full" minH={FORM_HEIGHT} flexDirection="column" gap="3" textAlign="center" px="4">
      <Box css={{ '@media (scripting: none)': { display: 'none' } }}>
        <Spinner color="brand.solid" aria-hidden="true" />
        <VisuallyHidden>Loading the contact form</VisuallyHidden>
      </Box>
      <noscript>
        <Text>
          The form needs JavaScript. Write to us at{' '}
          <Link href={`mailto:${contactEmail}`} color="brand.fg">
            {contactEmail}
          </Link>
          .
        </Text>
      </noscript>
    </Center>
  );
  const unavailable = (
    <Center minH={FORM_HEIGHT} textAlign="center" px="4">
      <Text role="alert">
        The form could not be loaded. Please reload the page or write to us at{' '}
        <Link href={`mailto:${contactEmail}`} color="brand.fg">
          {contactEmail}
        </Link>
        .
      </Text>
    </Center>
  );
  return (
    <Box ref={ref} minH={FORM_HEIGHT}>
      {wanted ? (
        <FormLoadBoundary fallback={unavailable}>
          <Suspense fallback={placeholder}>
            <ContactForm />
          </Suspense>
        </FormLoadBoundary>
      ) : (
        placeholder
      )}
    </Box>
  );
}
