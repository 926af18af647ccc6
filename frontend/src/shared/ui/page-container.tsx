import { Container, type ContainerProps } from '@chakra-ui/react';

/** The content column every screen sits in. */
export function PageContainer(props: ContainerProps) {
  return (
    <Container
      maxWidth="5xl"
      paddingX={{ base: 'gutter', md: 'gutterWide' }}
      paddingY={{ base: '4', md: '8' }}
      {...props}
    />
  );
}
