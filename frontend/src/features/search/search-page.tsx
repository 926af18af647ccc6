import { Heading, Stack } from '@chakra-ui/react';
import { useSearchParams } from 'react-router-dom';
import { PageContainer } from '../../shared/ui/page-container';
import { SearchForm } from '../../shared/ui/search-form';
import { SearchResults } from './components/search-results';

export function SearchPage() {
  const [params] = useSearchParams();
  const term = (params.get('q') ?? '').trim();

  return (
    <PageContainer>
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          Search
        </Heading>
        <SearchForm key={term} initialTerm={term} size="lg" label="Search term" />
        <SearchResults term={term} />
      </Stack>
    </PageContainer>
  );
}
