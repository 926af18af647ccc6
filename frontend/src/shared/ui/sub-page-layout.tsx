import { Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { BackButton } from './back-button';
import { PageContainer } from './page-container';

/** A page reached from another (the profile's privacy and favourites): back, its heading and intro, its content. */
export function SubPageLayout({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  const heading = (
    <Heading as="h1" size="2xl">
      {title}
    </Heading>
  );
  return (
    <PageContainer maxWidth="3xl">
      <Stack gap="5">
        <div>
          <BackButton />
        </div>
        {intro ? (
          <Stack gap="1">
            {heading}
            <Text color="fg.muted">{intro}</Text>
          </Stack>
        ) : (
          heading
        )}
        {children}
      </Stack>
    </PageContainer>
  );
}
