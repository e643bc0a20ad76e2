import { Box, Container, type ContainerProps } from '@chakra-ui/react';

export interface PageContainerProps extends Omit<ContainerProps, 'maxW' | 'maxWidth' | 'px'> {
  /** `page` lines the content up with the header and footer; `prose` is a reading column inside the same frame. */
  width?: 'page' | 'prose';
}

/**
 * The frame of every page, the header, the footer and the dashboards: one width (the `page` size token) and
 * one horizontal padding, so content edges line up from screen to screen. A `prose` page keeps the frame's
 * left edge and narrows only its measure.
 */
export function PageContainer({ width = 'page', children, ...props }: PageContainerProps) {
  return (
    <Container maxW="page" px={{ base: '4', md: '6', lg: '8' }} {...props}>
      {width === 'prose' ? <Box maxW="prose">{children}</Box> : children}
    </Container>
  );
}
