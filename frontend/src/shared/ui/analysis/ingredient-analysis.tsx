import { Badge, Box, Flex, Heading, List, SimpleGrid, Stack, Stat, Text, Wrap } from '@chakra-ui/react';
import type { AnalysisResult, Concern } from '@labelwise/domain/analyser/types';

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
/** What each processing level means, in plain words. */
const PROCESSING_EXPLAINED: Record<AnalysisResult['processingLevel'], string> = {
  minimal: 'Whole or simply prepared ingredients, close to how they are found in nature.',
  moderate: 'Some refined ingredients, processing steps or additives, like many everyday packaged foods.',
  high: 'Industrial ingredients or many additives: typical of ultra-processed foods.',
};

function ConcernItem({ concern }: { concern: Concern }) {
  return (
    <List.Item bg="white" borderWidth="1px" borderRadius="md" padding="3" listStyleType="none">
      <Flex justifyContent="space-between" gap="2" alignItems="start">
        <Text fontWeight="semibold">{concern.name}</Text>
        <Badge colorPalette={SEVERITY_PALETTE[concern.severity]}>{concern.severity}</Badge>
      </Flex>
      <Text fontSize="sm" color="gray.700">
        {concern.reason}
      </Text>
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
        <Stat.Root bg="white" borderWidth="1px" borderRadius="md" padding="3">
          <Stat.Label>Processing</Stat.Label>
          <Stat.ValueText fontSize="lg">{PROCESSING_LABEL[analysis.processingLevel]}</Stat.ValueText>
          {analysis.isUltraProcessed && <Stat.HelpText color="red.700">Ultra-processed</Stat.HelpText>}
          <Stat.HelpText color="gray.600">{PROCESSING_EXPLAINED[analysis.processingLevel]}</Stat.HelpText>
        </Stat.Root>
        <Stat.Root bg="white" borderWidth="1px" borderRadius="md" padding="3">
          <Stat.Label>Additives</Stat.Label>
          <Stat.ValueText fontSize="lg">{analysis.additiveCount}</Stat.ValueText>
        </Stat.Root>
        <Stat.Root bg="white" borderWidth="1px" borderRadius="md" padding="3">
          <Stat.Label>Concerns</Stat.Label>
          <Stat.ValueText fontSize="lg">{analysis.concerns.length}</Stat.ValueText>
        </Stat.Root>
      </SimpleGrid>
      {analysis.dietaryAlerts.length > 0 && (
        <Stack gap="2" role="list" aria-label="Dietary alerts">
          {analysis.dietaryAlerts.map((alert) => (
            <Box
              key={alert.preference}
              role="listitem"
              bg="purple.50"
              color="purple.900"
              borderRadius="md"
              padding="3"
            >
              <Text fontWeight="semibold">{alert.label}</Text>
              <Text fontSize="sm">{alert.message}</Text>
            </Box>
          ))}
        </Stack>
      )}
      <Box>
        <Heading as="h3" size="md" marginBottom="2">
          Ingredients of concern
        </Heading>
        {analysis.concerns.length === 0 ? (
          <Text color="gray.600">Nothing of concern found.</Text>
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
              <Badge key={ingredient} colorPalette="green" variant="subtle" size="lg">
                {ingredient}
              </Badge>
            ))}
          </Wrap>
        </Box>
      )}
    </Stack>
  );
}
