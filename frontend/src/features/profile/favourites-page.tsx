import { Box, Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuHeart } from 'react-icons/lu';
import { Link } from 'react-router-dom';
import { useUserFavourites } from '../../shared/api/user-favourites';
import { useAuth } from '../../shared/auth/auth-context';
import { ProductGrid, ProductGridSkeleton } from '../../shared/ui/product-grid';
import { SubPageLayout } from '../../shared/ui/sub-page-layout';

function Notice({ children }: { children: ReactNode }) {
  return (
    <Card.Root>
      <Card.Body alignItems="center" textAlign="center" gap="3" paddingY="10">
        {children}
      </Card.Body>
    </Card.Root>
  );
}

function SignedOut() {
  const { setSignInDialogOpen } = useAuth();
  return (
    <Notice>
      <Text color="fg.muted">Sign in to see your favourite products.</Text>
      <Button colorPalette="green" onClick={() => setSignInDialogOpen(true)}>
        Sign In
      </Button>
    </Notice>
  );
}

function Favourites({ uid }: { uid: string }) {
  const { data, isPending, isError } = useUserFavourites(uid);
  if (isPending) return <ProductGridSkeleton count={6} />;
  if (isError)
    return (
      <Notice>
        <Text color="fg.muted">We couldn't load your favourites. Please try again later.</Text>
      </Notice>
    );
  if (data.length === 0)
    return (
      <Notice>
        <Box color="fg.muted" aria-hidden>
          <LuHeart size="32" />
        </Box>
        <Text fontWeight="semibold">No favourites yet</Text>
        <Text color="fg.muted">
          Give a product 4 or 5 stars in a review on its page and it joins your favourites.
        </Text>
        <Button asChild colorPalette="green">
          <Link to="/scanned-products">Review a product you scanned</Link>
        </Button>
      </Notice>
    );
  return (
    <Stack gap="3">
      <Heading as="h2" size="sm" color="fg.muted" fontWeight="medium">
        {data.length === 1 ? '1 product' : `${data.length} products`}
      </Heading>
      <ProductGrid products={data} />
    </Stack>
  );
}

/** /profile/favourites: the products the user recommends (4 or 5 stars in a review). */
export function FavouritesPage() {
  const { status, user } = useAuth();
  return (
    <SubPageLayout title="My Favourites" intro="The products you rated 4 or 5 stars, latest review first.">
      {status === 'loading' ? (
        <ProductGridSkeleton count={6} />
      ) : user ? (
        <Favourites uid={user.uid} />
      ) : (
        <SignedOut />
      )}
    </SubPageLayout>
  );
}
