// Portal-only parts, loaded on demand through loadOverlays() so the landing page never pays for them.
// This chunk always comes from the build that supplied the @agency/ui singleton, so Chakra stays single.
// Each component here needs its recipe in system.ts.
export { Dialog, Tabs, Table, Pagination, Portal, CloseButton } from '@chakra-ui/react';
