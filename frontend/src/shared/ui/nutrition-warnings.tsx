import { Badge, Wrap, type WrapProps } from '@chakra-ui/react';
import { NUTRITION_WARNING_LABELS, type NutritionWarning } from '@labelwise/domain/contracts';

/** What is high in a product ("High sugar"), in words: nothing when nothing is known against it. */
export function NutritionWarnings({ warnings, ...props }: { warnings: NutritionWarning[] } & WrapProps) {
  if (warnings.length === 0) return null;
  return (
    <Wrap as="ul" listStyleType="none" gap="1" data-testid="nutrition-warnings" {...props}>
      {warnings.map((warning) => (
        <Badge as="li" key={warning} colorPalette="red" variant="subtle">
          {NUTRITION_WARNING_LABELS[warning]}
        </Badge>
      ))}
    </Wrap>
  );
}
