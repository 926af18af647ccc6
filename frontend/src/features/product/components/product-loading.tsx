import { Heading, Skeleton, SkeletonText, Stack } from '@chakra-ui/react';
import { useParams } from 'react-router-dom';
import { peekHandedOver } from '../../../shared/api/handed-over';
import { PageContainer } from '../../../shared/ui/page-container';
import { productPath } from '../api/product';

/** The product's name in the answer the server sent with a shared link, if it did. */
function handedOverName(id: number): string | null {
  const answer = peekHandedOver(productPath(id));
  const name = answer && typeof answer === 'object' && 'name' in answer ? answer.name : null;
  return typeof name === 'string' ? name : null;
}

/**
 * The shape of the product screen while it loads (in the start-up code: it stands in while the
 * page's own code arrives). A shared link shows the product's name at once.
 */
export function ProductLoading() {
  const name = handedOverName(Number(useParams().id) || 0);
  return (
    <PageContainer maxWidth="4xl">
      <Stack gap={{ base: '6', md: '8' }}>
        <Skeleton height="8" width="20" />
        {name ? (
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            {name}
          </Heading>
        ) : (
          <Stack gap="2">
            <Skeleton height="10" width="70%" />
            <Skeleton height="5" width="30%" />
          </Stack>
        )}
        <Stack gap={{ base: '6', md: '8' }} role="status" aria-label="Loading product">
          <Skeleton height="28" borderRadius="xl" />
          <SkeletonText noOfLines={4} gap="3" />
        </Stack>
      </Stack>
    </PageContainer>
  );
}
