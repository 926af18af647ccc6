import { List, Text } from '@chakra-ui/react';
import { LearnCard } from './learn-card';

export function UltraProcessed() {
  return (
    <LearnCard title="What makes a food ultra-processed?">
      <Text color="fg" marginBottom="3">
        Ultra-processed foods are made mostly from substances extracted from foods or made in a lab. Look out
        for:
      </Text>
      <List.Root gap="1" paddingStart="5" color="fg">
        <List.Item>Long ingredient lists with names you would not find in a kitchen</List.Item>
        <List.Item>
          Modified starches, hydrogenated oils, protein isolates and glucose-fructose syrup
        </List.Item>
        <List.Item>
          Cosmetic additives: colours, flavourings, flavour enhancers, emulsifiers and sweeteners
        </List.Item>
      </List.Root>
    </LearnCard>
  );
}
