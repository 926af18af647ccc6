import { Heading, Stack, Text } from '@chakra-ui/react';
import { useRecentlyScanned } from '../../shared/api/recently-scanned';
import { BackButton } from '../../shared/ui/back-button';
import { PageContainer } from '../../shared/ui/page-container';
import { ProductListBrowser } from '../../shared/ui/product-list-browser';

/** /community-scans: the products the community scanned most recently. */
export function CommunityScansPage() {
  const { data, isPending, isError } = useRecentlyScanned();
  return (
    <PageContainer>
      <Stack gap="5">
        <BackButton />
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            Community Scans
          </Heading>
          <Text color="fg.muted">Products the Labelwise community has scanned recently.</Text>
        </Stack>
        <ProductListBrowser
          listName="community scans"
          products={data}
          isPending={isPending}
          isError={isError}
          empty={<Text color="fg.muted">No products have been scanned by the community yet.</Text>}
        />
      </Stack>
    </PageContainer>
  );
}
