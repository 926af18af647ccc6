import { Button } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { useScannedProducts } from '../../../shared/api/scanned-products';
import { ProductGrid, ProductGridSkeleton } from '../../../shared/ui/product-grid';
import { EmptyState } from './empty-state';
import { HomeSection } from './home-section';

const SHOWN = 3;

/** The signed-in user's own latest scans. */
export function MyRecentlyScannedSection({ uid }: { uid: string }) {
  const { data, isPending, isError } = useScannedProducts(uid);
  return (
    <HomeSection title="My Recently Scanned" viewAllTo="/scanned-products">
      {isPending ? (
        <ProductGridSkeleton count={SHOWN} />
      ) : isError || data.length === 0 ? (
        <EmptyState message="You haven't scanned any products yet.">
          <Button asChild colorPalette="green">
            <Link to="/scan">Start Scanning</Link>
          </Button>
        </EmptyState>
      ) : (
        <ProductGrid products={data.slice(0, SHOWN)} />
      )}
    </HomeSection>
  );
}
