import { Card, Flex, Heading, StackSeparator, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A titled settings card whose rows are separated by lines. */
export function PreferencesCard({
  title,
  icon,
  badge,
  children,
}: {
  title: string;
  icon: ReactNode;
  badge?: ReactNode;
  children: ReactNode;
}) {
  const headingId = `preferences-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card.Root as="section" aria-labelledby={headingId}>
      <Card.Header>
        <Flex justifyContent="space-between" alignItems="center" gap="3">
          <Flex alignItems="center" gap="2">
            <Flex color="green.fg" aria-hidden>
              {icon}
            </Flex>
            <Heading as="h2" size="md" id={headingId}>
              {title}
            </Heading>
          </Flex>
          {badge}
        </Flex>
      </Card.Header>
      <Card.Body paddingTop="2">
        <Stack gap="0" separator={<StackSeparator />}>
          {children}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
