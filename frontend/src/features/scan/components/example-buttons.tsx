import { Button, HStack, Text } from '@chakra-ui/react';
import { SCAN_EXAMPLES, type ExampleKey } from './examples';

const PALETTE: Record<ExampleKey, string> = { green: 'green', amber: 'orange', red: 'red' };

/** Green, Risk and Warning samples; the selected one shows as pressed. */
export function ExampleButtons({
  selected,
  disabled,
  onPick,
}: {
  selected: ExampleKey | null;
  disabled?: boolean;
  onPick(key: ExampleKey): void;
}) {
  return (
    <HStack gap="2" wrap="wrap" role="group" aria-labelledby="scan-examples-label">
      <Text id="scan-examples-label" fontSize="sm" color="fg.muted" marginEnd="1">
        Try an example:
      </Text>
      {SCAN_EXAMPLES.map((example) => {
        const pressed = selected === example.key;
        return (
          <Button
            key={example.key}
            size="sm"
            colorPalette={PALETTE[example.key]}
            variant={pressed ? 'solid' : 'outline'}
            aria-pressed={pressed}
            disabled={disabled}
            onClick={() => onPick(example.key)}
          >
            {example.label}
          </Button>
        );
      })}
    </HStack>
  );
}
