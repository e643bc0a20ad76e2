// The one UI kit every app uses. Only what the landing page needs is exported here (every export of a
// shared module ships); portal-only parts come from loadOverlays().
export {
  Box,
  Flex,
  Stack,
  HStack,
  VStack,
  Grid,
  GridItem,
  SimpleGrid,
  Container,
  Center,
  Heading,
  Text,
  Button,
  IconButton,
  Link,
  Card,
  Badge,
  List,
  Spinner,
  Separator,
  VisuallyHidden,
  chakra,
  useChakraContext,
} from '@chakra-ui/react';
export { getSystem, prepareSystem } from './system';
export { brand } from './brand/brand';
export { BrandLogo } from './brand/brand-logo';
export { PageContainer, type PageContainerProps } from './page-container';
export { toaster } from './toaster';
export { useHydrated } from './use-hydrated';
export { UiProvider } from './ui-provider';

export { loadOverlays, useOverlays, type Overlays } from './use-overlays';
