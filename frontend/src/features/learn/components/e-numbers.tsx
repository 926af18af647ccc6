import { Badge, Table, Text } from '@chakra-ui/react';
import { LearnCard } from './learn-card';

const EXAMPLES = [
  { code: 'E621', name: 'Monosodium glutamate', use: 'Flavour enhancer', palette: 'orange' },
  { code: 'E951', name: 'Aspartame', use: 'Artificial sweetener', palette: 'red' },
  { code: 'E102', name: 'Tartrazine', use: 'Yellow colour', palette: 'red' },
  { code: 'E330', name: 'Citric acid', use: 'Acidity regulator', palette: 'green' },
  { code: 'E300', name: 'Ascorbic acid (vitamin C)', use: 'Antioxidant', palette: 'green' },
] as const;

export function ENumbers() {
  return (
    <LearnCard title="Understanding E-numbers">
      <Text color="fg" marginBottom="4">
        E-numbers are codes for additives approved in Europe. Some are harmless, even nutrients; others are
        best kept to a minimum.
      </Text>
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Code</Table.ColumnHeader>
            <Table.ColumnHeader>Name</Table.ColumnHeader>
            <Table.ColumnHeader>Used as</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {EXAMPLES.map(({ code, name, use, palette }) => (
            <Table.Row key={code}>
              <Table.Cell>
                <Badge colorPalette={palette}>{code}</Badge>
              </Table.Cell>
              <Table.Cell>{name}</Table.Cell>
              <Table.Cell>{use}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </LearnCard>
  );
}
