import { Box, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import type {
  NutritionVerdictResponse,
  FrontOfPackNutrient,
  NutrientLevel,
} from '@labelwise/domain/contracts';

/** The traffic light's colours, whose text contrast is checked (rating-colours.test.ts). */
const LEVEL_TONE: Record<NutrientLevel, 'green' | 'amber' | 'red'> = {
  low: 'green',
  medium: 'amber',
  high: 'red',
};
const LEVEL_WORD: Record<NutrientLevel, string> = { low: 'Low', medium: 'Medium', high: 'High' };
const NUTRIENT_NAME: Record<FrontOfPackNutrient, string> = {
  fat: 'Fat',
  saturates: 'Saturates',
  sugars: 'Sugars',
  salt: 'Salt',
};

const grams = (value: number) => `${Number(value.toFixed(2))} g`;

/**
 * Beside the verdict: the UK front-of-pack colours of the nutrients Open Food Facts gives, each
 * with its level in words; or, without any value, OFF's Nutri-Score. Nothing when neither is known.
 */
export function FrontOfPack({ verdict }: { verdict: NutritionVerdictResponse }) {
  const { per, colours, nutriScoreGrade } = verdict;
  if (colours.length === 0 && nutriScoreGrade === null) return null;
  return (
    <Box as="section" aria-labelledby="front-of-pack-heading" data-testid="front-of-pack">
      <Heading as="h2" size="md" id="front-of-pack-heading" marginBottom="2">
        Nutrition per {per}
      </Heading>
      {colours.length > 0 ? (
        <SimpleGrid as="ul" listStyleType="none" columns={{ base: 2, sm: 4 }} gap="2">
          {colours.map(({ nutrient, grams: value, level }) => (
            <Box
              as="li"
              key={nutrient}
              data-level={level}
              bg={`rating.${LEVEL_TONE[level]}.solid`}
              color={`rating.${LEVEL_TONE[level]}.contrast`}
              borderRadius="md"
              padding="2"
              textAlign="center"
            >
              <Text fontSize="sm">{NUTRIENT_NAME[nutrient]}</Text>
              <Text fontWeight="bold">{grams(value)}</Text>
              <Text fontSize="sm">{LEVEL_WORD[level]}</Text>
            </Box>
          ))}
        </SimpleGrid>
      ) : (
        <Text>Nutri-Score {nutriScoreGrade!.toUpperCase()}: Open Food Facts gives no nutrient values.</Text>
      )}
      <Text fontSize="sm" color="fg.muted" marginTop="2">
        {colours.length > 0
          ? `Colours of the UK front-of-pack label (FSA/DH 2016 guidance), by its criteria per ${per} ${per === '100 ml' ? 'for drinks' : 'for food'}. Values from Open Food Facts.`
          : 'Grade from Open Food Facts.'}
      </Text>
    </Box>
  );
}
