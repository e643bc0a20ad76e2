import { Center, Spinner, Text, VStack } from '@agency/ui';

export function PageSpinner({ label = 'Loading...' }: { label?: string }) {
  return (
    // Fills the page area so the footer does not jump when the page arrives.
    <Center minH="calc(100vh - 4rem)" role="status" aria-live="polite">
      <VStack gap="3">
        <Spinner size="lg" color="brand.solid" />
        <Text color="fg.muted">{label}</Text>
      </VStack>
    </Center>
  );
}
