import { Alert, Box, Button, Stack } from '@chakra-ui/react';
import type { AnalysisResult } from '@labelwise/domain/contracts';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { IngredientAnalysis } from '../../../shared/ui/analysis/ingredient-analysis';
import { DietaryAlerts } from '../../../shared/ui/analysis/dietary-alerts';
import { RatingBanner } from '../../../shared/ui/analysis/rating-banner';

/**
 * The rating banner and the full analysis. When a result arrives the page scrolls its verdict to
 * the top, just below the sticky header (the page's scroll padding); a fresh analysis takes the
 * focus too.
 */
export function ScanResults({
  result,
  kind,
  savedProductId,
}: {
  result: AnalysisResult;
  kind: 'example' | 'analysis';
  savedProductId: number | null;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    if (kind === 'analysis') ref.current.focus({ preventScroll: true });
    ref.current.scrollIntoView({ block: 'start' });
  }, [result, kind]);

  return (
    <Stack
      ref={ref}
      tabIndex={-1}
      gap="6"
      aria-label="Analysis results"
      role="region"
      data-testid="scan-results"
      _focusVisible={{ outline: 'none' }}
    >
      {kind === 'example' && (
        <Alert.Root status="info" size="sm" borderRadius="md">
          <Alert.Indicator />
          <Alert.Description>
            This is the example&apos;s rating. Press Analyse to check it properly and save it to your history.
          </Alert.Description>
        </Alert.Root>
      )}
      <RatingBanner rating={result.rating} />
      <DietaryAlerts alerts={result.dietaryAlerts} />
      {savedProductId !== null && (
        <Box>
          <Button asChild variant="outline" size="sm">
            <Link to={`/product/${savedProductId}`}>View saved product</Link>
          </Button>
        </Box>
      )}
      <IngredientAnalysis analysis={result} />
    </Stack>
  );
}
