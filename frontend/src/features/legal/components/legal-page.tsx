import { Box, Heading, Link, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { BackButton } from '../../../shared/ui/back-button';
import { PageContainer } from '../../../shared/ui/page-container';

export interface LegalSection {
  heading: string;
  body: ReactNode;
}

interface LegalPageProps {
  title: string;
  updated: string;
  sections: LegalSection[];
  contactEmail: string;
}

export function LegalPage({ title, updated, sections, contactEmail }: LegalPageProps) {
  return (
    <PageContainer maxWidth="3xl">
      <Stack gap="6">
        <div>
          <BackButton />
        </div>
        <div>
          <Heading as="h1" size="3xl">
            {title}
          </Heading>
          <Text color="fg.muted">Last updated {updated}</Text>
        </div>
        {sections.map((section) => (
          <Box as="section" key={section.heading}>
            <Heading as="h2" size="lg" marginBottom="2">
              {section.heading}
            </Heading>
            <Text color="fg" lineHeight="tall">
              {section.body}
            </Text>
          </Box>
        ))}
        <Box as="section">
          <Heading as="h2" size="lg" marginBottom="2">
            Contact us
          </Heading>
          <Text color="fg">
            Questions about this page? Write to{' '}
            <Link href={`mailto:${contactEmail}`} color="green.fg">
              {contactEmail}
            </Link>{' '}
            or to Labelwise, 1 Example Street, London, United Kingdom.
          </Text>
        </Box>
        <div>
          <BackButton />
        </div>
      </Stack>
    </PageContainer>
  );
}
