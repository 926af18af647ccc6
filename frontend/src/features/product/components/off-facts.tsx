import { Badge, Box, Heading, HStack, Image, Link, Stack, Text, Wrap } from '@chakra-ui/react';
import type { OffBlockResponse, AnalysisSummary } from '@labelwise/domain/contracts';
import { NOVA_GROUP_NAMES, processingDisagreement, quantityLabel } from '@labelwise/domain/contracts';
import { useState } from 'react';
import { LuExternalLink } from 'react-icons/lu';
import { FoodKindDrawing } from '../../../shared/ui/product-tile-image';
import { NutritionTable } from './nutrition-table';

const NUTRI_SCORE_PALETTE = { a: 'green', b: 'teal', c: 'yellow', d: 'orange', e: 'red' } as const;

/**
 * The front-of-pack photo from Open Food Facts, credited to its contributors. A photo that does not
 * load falls back as tiles do, to a drawing of the kind of food: no alt text in an empty box, no
 * credit for a picture that is not there.
 */
export function OffProductImage({ off, name }: { off: OffBlockResponse; name: string }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (!off.imageUrl) return null;
  if (failedUrl === off.imageUrl)
    return (
      <FoodKindDrawing
        name={name}
        category={off.categories.at(-1) ?? null}
        width="48"
        maxWidth="full"
        borderRadius="md"
        flexShrink={0}
      />
    );
  const { imageUrl } = off;
  return (
    <Box as="figure" maxWidth="48" flexShrink={0}>
      <Image
        src={imageUrl}
        onError={() => setFailedUrl(imageUrl)}
        alt={`${name}, front of pack`}
        borderRadius="md"
        maxHeight="48"
        objectFit="contain"
      />
      <Text as="figcaption" fontSize="xs" color="fg.muted" marginTop="1">
        Photo: Open Food Facts contributors (CC BY-SA)
      </Text>
    </Box>
  );
}

/**
 * What Open Food Facts knows about an imported product: Nutri-Score, its NOVA group (and a plain
 * sentence when our processing level disagrees), nutrition per 100 g, quantity, categories, and
 * the ODbL attribution linking to the product's OFF page.
 */
export function OffFacts({
  off,
  processingLevel,
}: {
  off: OffBlockResponse;
  processingLevel: AnalysisSummary['processingLevel'] | null;
}) {
  const disagreement = processingDisagreement(processingLevel, off.novaGroup);
  return (
    <Box as="section" aria-labelledby="off-heading" data-testid="off-facts">
      <Heading as="h2" size="lg" id="off-heading" marginBottom="3">
        Open Food Facts
      </Heading>
      <Stack gap="4">
        <Wrap gap="3">
          <HStack gap="2">
            <Text fontWeight="medium">Nutri-Score</Text>
            {off.nutriScoreGrade ? (
              <Badge
                variant="solid"
                size="lg"
                colorPalette={NUTRI_SCORE_PALETTE[off.nutriScoreGrade]}
                aria-label={`Nutri-Score ${off.nutriScoreGrade.toUpperCase()}`}
              >
                {off.nutriScoreGrade.toUpperCase()}
              </Badge>
            ) : (
              <Text color="fg.muted">Not known</Text>
            )}
          </HStack>
          <HStack gap="2" maxWidth="full" alignItems="start">
            <Text fontWeight="medium" flexShrink="0">
              NOVA group
            </Text>
            {off.novaGroup ? (
              // The group's name wraps on a phone rather than widening the page.
              <Badge
                variant="outline"
                size="lg"
                title={NOVA_GROUP_NAMES[off.novaGroup]}
                whiteSpace="normal"
                height="auto"
                minWidth="0"
                paddingY="0.5"
              >
                {off.novaGroup}: {NOVA_GROUP_NAMES[off.novaGroup]}
              </Badge>
            ) : (
              <Text color="fg.muted">Not known</Text>
            )}
          </HStack>
          {off.quantity && (
            <HStack gap="2">
              <Text fontWeight="medium">Quantity</Text>
              <Text>{quantityLabel(off.quantity)}</Text>
            </HStack>
          )}
        </Wrap>
        {disagreement && (
          <Text data-testid="processing-disagreement" color="fg">
            {disagreement}
          </Text>
        )}
        <NutritionTable nutrition={off.nutrition} />
        {off.categories.length > 0 && (
          <Box>
            <Text fontWeight="medium" marginBottom="1">
              Categories
            </Text>
            <Wrap gap="2" as="ul" listStyleType="none" aria-label="Categories">
              {off.categories.map((category) => (
                <Badge as="li" key={category} variant="subtle">
                  {category}
                </Badge>
              ))}
            </Wrap>
          </Box>
        )}
        <Text fontSize="sm" color="fg.muted">
          <Link
            href={off.offUrl}
            target="_blank"
            rel="noopener noreferrer"
            color="fg"
            textDecoration="underline"
          >
            {off.attribution.text} <LuExternalLink aria-hidden />
          </Link>
        </Text>
      </Stack>
    </Box>
  );
}
