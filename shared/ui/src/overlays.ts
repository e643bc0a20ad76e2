// Portal-only parts, loaded on demand through loadOverlays() so the landing page never pays for them.
// This chunk always comes from the build that supplied the @agency/ui singleton, so Chakra stays single.
export { Dialog, Tabs, Table, Menu, Drawer, Pagination, Portal, CloseButton, Collapsible } from '@chakra-ui/react';
