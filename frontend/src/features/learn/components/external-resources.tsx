import { Link, List } from '@chakra-ui/react';
import { LuExternalLink } from 'react-icons/lu';
import { LearnCard } from './learn-card';

const RESOURCES = [
  {
    href: 'https://www.food.gov.uk/safety-hygiene/food-additives',
    label: 'Food Standards Agency: food additives',
  },
  {
    href: 'https://www.nhs.uk/live-well/eat-well/food-guidelines-and-food-labels/how-to-read-food-labels/',
    label: 'NHS: how to read food labels',
  },
  { href: 'https://world.openfoodfacts.org/nova', label: 'Open Food Facts: NOVA groups explained' },
  { href: 'https://www.efsa.europa.eu/en/topics/topic/food-additives', label: 'EFSA: food additives' },
];

export function ExternalResources() {
  return (
    <LearnCard title="Further reading">
      <List.Root gap="2" listStyleType="none">
        {RESOURCES.map(({ href, label }) => (
          <List.Item key={href}>
            <Link href={href} target="_blank" rel="noopener noreferrer" color="green.fg">
              {label} <LuExternalLink aria-label="(opens in a new tab)" />
            </Link>
          </List.Item>
        ))}
      </List.Root>
    </LearnCard>
  );
}
