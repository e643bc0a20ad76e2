import type { ReactNode } from 'react';
import { Box, Flex } from '@agency/ui';
import { Footer } from './footer';
import { Header } from './header';

export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <Flex direction="column" minH="100vh">
      <Header />
      <Box as="main" id="main" tabIndex={-1} flex="1" outline="none">
        {children}
      </Box>
      <Footer />
    </Flex>
  );
}
