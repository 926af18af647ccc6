import { Heading, Stack, Text } from '@chakra-ui/react';
import { PageContainer } from '../../shared/ui/page-container';
import { ArticleList } from './components/article-list';
import { ENumbers } from './components/e-numbers';
import { ExternalResources } from './components/external-resources';
import { NovaGroups } from './components/nova-groups';
import { UltraProcessed } from './components/ultra-processed';

export function LearnPage() {
  return (
    <PageContainer>
      <Stack gap="6">
        <div>
          <Heading as="h1" size="2xl">
            Learn about food processing
          </Heading>
          <Text color="fg.muted">What the labels mean, and what to look out for.</Text>
        </div>
        <NovaGroups />
        <UltraProcessed />
        <ENumbers />
        <ArticleList />
        <ExternalResources />
      </Stack>
    </PageContainer>
  );
}
