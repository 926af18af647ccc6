import { List } from '@chakra-ui/react';
import { LuCircleCheck } from 'react-icons/lu';
import { PREMIUM_FEATURES } from '../plans';

export function PremiumFeatures() {
  return (
    <List.Root gap="2" variant="plain" aria-label="Premium features">
      {PREMIUM_FEATURES.map((feature) => (
        <List.Item key={feature} alignItems="center">
          <List.Indicator asChild color="green.fg">
            <LuCircleCheck aria-hidden />
          </List.Indicator>
          {feature}
        </List.Item>
      ))}
    </List.Root>
  );
}
