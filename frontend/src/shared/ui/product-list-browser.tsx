import { Box, Button, Flex, Heading, NativeSelect, Stack, Text, Wrap } from '@chakra-ui/react';
import { useId, useMemo, useState, type ReactNode } from 'react';
import type { ScannedProductResponse } from '@labelwise/domain/contracts';
import {
  DEFAULT_PRODUCT_LIST_FILTER,
  distinctBrands,
  filterAndSortProducts,
  RATING_FILTERS,
  SORT_ORDERS,
  type ProductListFilter,
  type SortOrder,
} from '../lib/product-list-filter';
import { ProductGrid, ProductGridSkeleton } from './product-grid';

/** The history screens show 6 skeleton cards while loading. */
const SKELETON_CARDS = 6;

interface ProductListBrowserProps {
  /** Names the chip groups and the sort select, e.g. 'scan history'. */
  listName: string;
  products: ScannedProductResponse[] | undefined;
  isPending: boolean;
  isError: boolean;
  /** Shown when the list itself is empty (not when the filters hide everything). */
  empty: ReactNode;
}

function Chip({ selected, onClick, children }: { selected: boolean; onClick(): void; children: ReactNode }) {
  return (
    <Button
      size="sm"
      borderRadius="full"
      variant={selected ? 'solid' : 'outline'}
      colorPalette={selected ? 'green' : 'gray'}
      bg={selected ? undefined : 'bg.panel'}
      aria-pressed={selected}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}

function EmptyBox({ children }: { children: ReactNode }) {
  return (
    <Box
      bg="bg.panel"
      borderWidth="1px"
      borderStyle="dashed"
      borderRadius="lg"
      padding="8"
      textAlign="center"
      data-testid="product-list-empty"
    >
      {children}
    </Box>
  );
}

/**
 * Scanned products and community scans: rating chips, brand chips built from the
 * list's brands, a sort select and the two-column product grid, with loading and empty states.
 */
export function ProductListBrowser({
  listName,
  products,
  isPending,
  isError,
  empty,
}: ProductListBrowserProps) {
  const [filter, setFilter] = useState<ProductListFilter>(DEFAULT_PRODUCT_LIST_FILTER);
  const sortId = useId();
  const brands = useMemo(() => distinctBrands(products ?? []), [products]);
  const shown = useMemo(() => filterAndSortProducts(products ?? [], filter), [products, filter]);
  const update = (change: Partial<ProductListFilter>) => setFilter((current) => ({ ...current, ...change }));

  if (isPending) return <ProductGridSkeleton count={SKELETON_CARDS} />;
  if (isError)
    return (
      <EmptyBox>
        <Text color="fg.muted">We couldn't load these products. Please try again later.</Text>
      </EmptyBox>
    );
  if (!products || products.length === 0) return <EmptyBox>{empty}</EmptyBox>;

  return (
    <Stack gap="4">
      <Wrap gap="2" role="group" aria-label={`Filter ${listName} by rating`}>
        {RATING_FILTERS.map(({ value, label }) => (
          <Chip key={value} selected={filter.rating === value} onClick={() => update({ rating: value })}>
            {label}
          </Chip>
        ))}
      </Wrap>
      {brands.length > 0 && (
        <Wrap gap="2" role="group" aria-label={`Filter ${listName} by brand`}>
          <Chip selected={filter.brand === null} onClick={() => update({ brand: null })}>
            All Brands
          </Chip>
          {brands.map((brand) => (
            <Chip
              key={brand}
              selected={filter.brand === brand}
              onClick={() => update({ brand: filter.brand === brand ? null : brand })}
            >
              {brand}
            </Chip>
          ))}
        </Wrap>
      )}
      <Flex justifyContent="space-between" alignItems="center" gap="3" wrap="wrap">
        <Heading as="h2" size="sm" color="fg.muted" fontWeight="medium" aria-live="polite">
          {shown.length === 1 ? '1 product' : `${shown.length} products`}
        </Heading>
        <Flex alignItems="center" gap="2">
          <Text asChild fontSize="sm" color="fg.muted" whiteSpace="nowrap">
            <label htmlFor={sortId}>Sort by</label>
          </Text>
          <NativeSelect.Root size="sm" width="40">
            <NativeSelect.Field
              id={sortId}
              bg="bg.panel"
              value={filter.sort}
              onChange={(event) => update({ sort: event.currentTarget.value as SortOrder })}
            >
              {SORT_ORDERS.map(({ value, label }) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Flex>
      </Flex>
      {shown.length === 0 ? (
        <EmptyBox>
          <Text color="fg.muted" marginBottom="3">
            No products match these filters.
          </Text>
          <Button size="sm" variant="outline" onClick={() => setFilter(DEFAULT_PRODUCT_LIST_FILTER)}>
            Clear filters
          </Button>
        </EmptyBox>
      ) : (
        <ProductGrid products={shown} />
      )}
    </Stack>
  );
}
