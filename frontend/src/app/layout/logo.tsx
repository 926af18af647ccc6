import { HStack, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';

export function Logo() {
  return (
    <HStack asChild gap="2" flexShrink={0}>
      <Link to="/" aria-label="Labelwise home">
        <img src="/favicon.svg" alt="" width={32} height={32} />
        <Text fontWeight="bold" fontSize="lg" color="green.fg">
          Labelwise
        </Text>
      </Link>
    </HStack>
  );
}
