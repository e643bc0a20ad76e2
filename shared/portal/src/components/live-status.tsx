import { PORTAL_MESSAGES } from '@agency/domain/messages/portal';
import { Box, HStack, Text } from '@agency/ui';
import { useLiveStatus } from '../use-portal';

const COLOURS = {
  connecting: 'gray.400',
  live: 'green.500',
  reconnecting: 'orange.500',
  stopped: 'gray.400',
} as const;

/** Whether the dashboard follows changes live; a lost connection is said, and its return. */
export function LiveStatus() {
  const live = useLiveStatus();
  return (
    <HStack gap="1.5" role="status" fontSize="xs" color="fg.muted">
      <Box w="2" h="2" borderRadius="full" bg={COLOURS[live]} aria-hidden="true" />
      <Text>{PORTAL_MESSAGES.live[live]}</Text>
    </HStack>
  );
}
