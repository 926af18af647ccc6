import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { LuLock, LuScanLine } from 'react-icons/lu';
import { Link } from 'react-router-dom';
import { useScannedProducts } from '../../shared/api/scanned-products';
import { useAuth } from '../../shared/auth/auth-context';
import { BackButton } from '../../shared/ui/back-button';
import { PageContainer } from '../../shared/ui/page-container';
import { ProductGridSkeleton } from '../../shared/ui/product-grid';
import { ProductListBrowser } from '../../shared/ui/product-list-browser';

function SignInRequired() {
  const { setSignInDialogOpen } = useAuth();
  return (
    <Stack
      alignItems="center"
      textAlign="center"
      gap="4"
      bg="bg.panel"
      borderWidth="1px"
      borderRadius="xl"
      padding={{ base: '6', md: '10' }}
    >
      <LuLock size="32" aria-hidden color="var(--chakra-colors-green-700)" />
      <Heading as="h2" size="lg">
        Sign In Required
      </Heading>
      <Text color="fg.muted">Please sign in to see the products you have scanned.</Text>
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
        <Button colorPalette="green" onClick={() => setSignInDialogOpen(true)}>
          Sign In
        </Button>
        <Button asChild variant="outline">
          <Link to="/">Go to Home</Link>
        </Button>
      </Stack>
    </Stack>
  );
}

function MyScans({ uid }: { uid: string }) {
  const { data, isPending, isError } = useScannedProducts(uid);
  return (
    <ProductListBrowser
      listName="my scanned products"
      products={data}
      isPending={isPending}
      isError={isError}
      empty={
        <Stack alignItems="center" gap="3">
          <LuScanLine size="32" aria-hidden color="var(--chakra-colors-gray-500)" />
          <Text color="fg.muted">You haven't scanned any products yet.</Text>
          <Button asChild colorPalette="green">
            <Link to="/scan">Start Scanning</Link>
          </Button>
        </Stack>
      }
    />
  );
}

/** /scanned-products: the signed-in user's own scan history. */
export function ScannedProductsPage() {
  const { status, user } = useAuth();
  return (
    <PageContainer>
      <Stack gap="5">
        <BackButton />
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            My Scanned Products
          </Heading>
          <Text color="fg.muted">Every product you have scanned, newest first.</Text>
        </Stack>
        {status === 'loading' ? (
          <ProductGridSkeleton count={6} />
        ) : user ? (
          <MyScans uid={user.uid} />
        ) : (
          <SignInRequired />
        )}
      </Stack>
    </PageContainer>
  );
}
