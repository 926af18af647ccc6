import { Badge, Box, Flex, Heading, Link, List, SimpleGrid, Stack, Stat, Text, Wrap } from '@chakra-ui/react';
import type { AnalysisResult, Concern } from '@labelwise/domain/contracts';

const SEVERITY_PALETTE: Record<Concern['severity'], string> = {
  high: 'red',
  medium: 'orange',
  low: 'yellow',
};
const PROCESSING_LABEL: Record<AnalysisResult['processingLevel'], string> = {
  minimal: 'Minimally processed',
  moderate: 'Moderately processed',
  high: 'Highly processed',
};
/** "EFSA opinion" for an EFSA link, else the site's name. */
function sourceLabel(url: string): string {
  if (/efsa/i.test(url)) return 'EFSA opinion';
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return 'Source';
  }
}

function SourceLink({ href, children }: { href: string; children: string }) {
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer" fontSize="sm" color="blue.fg">
      {children}
    </Link>
  );
}

function ConcernItem({ concern }: { concern: Concern }) {
  return (
    <List.Item bg="bg.panel" borderWidth="1px" borderRadius="md" padding="3" listStyleType="none">
      <Flex justifyContent="space-between" gap="2" alignItems="start">
        <Text fontWeight="semibold">{concern.name}</Text>
        <Badge colorPalette={SEVERITY_PALETTE[concern.severity]}>{concern.severity}</Badge>
      </Flex>
      <Text fontSize="sm" color="fg.muted">
        {concern.reason}
      </Text>
      {concern.source && <SourceLink href={concern.source}>{sourceLabel(concern.source)}</SourceLink>}
    </List.Item>
  );
}

/** The client-side analysis of the product's ingredient list. */
export function IngredientAnalysis({ analysis }: { analysis: AnalysisResult }) {
  return (
    <Stack as="section" aria-labelledby="analysis-heading" gap="4">
      <Heading as="h2" size="lg" id="analysis-heading">
        Ingredient Analysis
      </Heading>
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
        <Stat.Root bg="bg.panel" borderWidth="1px" borderRadius="md" padding="3">
          <Stat.Label>Processing</Stat.Label>
          <Stat.ValueText fontSize="lg">{PROCESSING_LABEL[analysis.processingLevel]}</Stat.ValueText>
          {analysis.isUltraProcessed && (
            // A term's details belong in a <dd>: a bare <span> inside the <dl> breaks the list.
            <Stat.HelpText as="dd" color="red.fg">
              Ultra-processed
            </Stat.HelpText>
          )}
        </Stat.Root>
        <Stat.Root bg="bg.panel" borderWidth="1px" borderRadius="md" padding="3">
          <Stat.Label>Additives</Stat.Label>
          <Stat.ValueText fontSize="lg">{analysis.additiveCount}</Stat.ValueText>
        </Stat.Root>
        <Stat.Root bg="bg.panel" borderWidth="1px" borderRadius="md" padding="3">
          <Stat.Label>Concerns</Stat.Label>
          <Stat.ValueText fontSize="lg">{analysis.concerns.length}</Stat.ValueText>
        </Stat.Root>
      </SimpleGrid>
      <Box bg="bg.panel" borderWidth="1px" borderRadius="md" padding="3" data-testid="processing-reason">
        <Text fontWeight="semibold">Why this processing level</Text>
        <Text fontSize="sm" color="fg.muted">
          {analysis.processingReason}
        </Text>
        <SourceLink href={analysis.processingSource}>NOVA groups (Open Food Facts)</SourceLink>
      </Box>
      <Box>
        <Heading as="h3" size="md" marginBottom="2">
          Ingredients of concern
        </Heading>
        {analysis.concerns.length === 0 ? (
          <Text color="fg.muted">Nothing of concern found.</Text>
        ) : (
          <List.Root gap="2">
            {analysis.concerns.map((concern) => (
              <ConcernItem key={`${concern.category}-${concern.name}`} concern={concern} />
            ))}
          </List.Root>
        )}
      </Box>
      {analysis.cleanIngredients.length > 0 && (
        <Box>
          <Heading as="h3" size="md" marginBottom="2">
            Clean ingredients
          </Heading>
          <Wrap gap="2">
            {analysis.cleanIngredients.map((ingredient) => (
              <Badge
                key={ingredient}
                colorPalette="green"
                variant="subtle"
                size="lg"
                maxWidth="full"
                whiteSpace="normal"
                overflowWrap="anywhere"
              >
                {ingredient}
              </Badge>
            ))}
          </Wrap>
        </Box>
      )}
      <Text fontSize="xs" color="fg.muted">
        Additive and NOVA data from{' '}
        <Link href="https://world.openfoodfacts.org" target="_blank" rel="noopener noreferrer">
          Open Food Facts
        </Link>{' '}
        (ODbL), © Open Food Facts contributors.
      </Text>
    </Stack>
  );
}
