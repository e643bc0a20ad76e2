import { lazy, Suspense, useRef, useState } from 'react';
import { Box, Center, Spinner, VisuallyHidden } from '@agency/ui';
import { useFirstView } from '../hooks/use-first-view';

// formik and yup (~23 kB gz) stay off the first load of /: the form loads as the contact section nears.
const ContactForm = lazy(() => import('./contact-form').then((module) => ({ default: module.ContactForm })));

/** The form's own height, reserved up front so nothing moves when it arrives. */
const FORM_HEIGHT = { base: '35rem', sm: '29.5rem' };

export function DeferredContactForm() {
  const ref = useRef<HTMLDivElement>(null);
  const [wanted, setWanted] = useState(false);
  useFirstView(ref, () => setWanted(true), { threshold: 0, rootMargin: '600px 0px', withoutObserver: 'call' });
  const placeholder = (
    <Center h="full" minH={FORM_HEIGHT}>
      <Spinner color="blue.solid" aria-hidden="true" />
      <VisuallyHidden>Loading the contact form</VisuallyHidden>
    </Center>
  );
  return (
    <Box ref={ref} minH={FORM_HEIGHT}>
      {wanted ? <Suspense fallback={placeholder}><ContactForm /></Suspense> : placeholder}
    </Box>
  );
}
