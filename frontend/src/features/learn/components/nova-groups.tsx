import { Badge, HStack, List, Text } from '@chakra-ui/react';
import { LearnCard } from './learn-card';

const GROUPS = [
  {
    group: 1,
    name: 'Unprocessed or minimally processed foods',
    palette: 'green',
    text: 'Fruit, vegetables, eggs, milk, plain meat and fish: foods as they come, or only dried, frozen or pasteurised.',
  },
  {
    group: 2,
    name: 'Processed culinary ingredients',
    palette: 'teal',
    text: 'Oils, butter, sugar and salt: extracted from group 1 foods and used in kitchens to cook and season them.',
  },
  {
    group: 3,
    name: 'Processed foods',
    palette: 'orange',
    text: 'Tinned vegetables, cheese, fresh bread and cured meats: group 1 foods with salt, sugar or oil added.',
  },
  {
    group: 4,
    name: 'Ultra-processed foods',
    palette: 'red',
    text: 'Industrial formulations with ingredients rarely used at home, such as emulsifiers, flavourings and sweeteners.',
  },
] as const;

export function NovaGroups() {
  return (
    <LearnCard title="NOVA food classification">
      <Text color="fg" marginBottom="4">
        NOVA sorts foods into four groups by how much they have been processed.
      </Text>
      <List.Root as="ol" listStyleType="none" gap="4">
        {GROUPS.map(({ group, name, palette, text }) => (
          <List.Item key={group}>
            <HStack alignItems="start" gap="3">
              <Badge colorPalette={palette} variant="solid" size="lg" flexShrink={0}>
                NOVA {group}
              </Badge>
              <div>
                <Text fontWeight="semibold">{name}</Text>
                <Text color="fg">{text}</Text>
              </div>
            </HStack>
          </List.Item>
        ))}
      </List.Root>
    </LearnCard>
  );
}
