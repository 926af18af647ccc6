import { Heading, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { BackButton } from '../../../shared/ui/back-button';
import { PageContainer } from '../../../shared/ui/page-container';

/** The privacy pages' frame: back, the page's heading, its content. */
export function PrivacyLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PageContainer maxWidth="3xl">
      <Stack gap="5">
        <div>
          <BackButton />
        </div>
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        {children}
      </Stack>
    </PageContainer>
  );
}
