import { useRecentlyScanned } from '../../../shared/api/recently-scanned';
import { ProductGrid, ProductGridSkeleton } from '../../../shared/ui/product-grid';
import { EmptyState } from './empty-state';
import { HomeSection } from './home-section';

const SHOWN = 6;

/** Everyone's latest scans. */
export function RecentlyScannedSection() {
  const { data, isPending, isError } = useRecentlyScanned();
  return (
    <HomeSection title="Recently Scanned" viewAllTo="/community-scans">
      {isPending ? (
        <ProductGridSkeleton count={3} />
      ) : isError || data.length === 0 ? (
        <EmptyState message="No products have been scanned yet." />
      ) : (
        <ProductGrid products={data.slice(0, SHOWN)} />
      )}
    </HomeSection>
  );
}
