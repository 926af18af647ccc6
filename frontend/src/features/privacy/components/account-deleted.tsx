import { Button, Card, Heading, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import type { AccountDeletionResponse } from '@labelwise/domain/contracts';

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What the deletion did, said once it is done; the heading takes the focus. */
export function AccountDeleted({ result }: { result: AccountDeletionResponse }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const reviews =
    result.reviewsKept > 0
      ? `${count(result.reviewsKept, 'review')} kept as "Anonymous User".`
      : `${count(result.reviewsRemoved, 'review')} removed.`;
  return (
    <Card.Root role="status">
      <Card.Body gap="3">
        <Heading as="h2" size="lg" ref={heading} tabIndex={-1}>
          Your account has been deleted
        </Heading>
        <Text>
          Your personal data is now unreadable everywhere we keep it, and you have been signed out on this
          device. {reviews}
          {result.subscriptionsCancelled > 0 &&
            ' Your Premium membership was cancelled: no further payments will be taken.'}
        </Text>
        <Button asChild colorPalette="green" alignSelf="start">
          <Link to="/">Go to the home page</Link>
        </Button>
      </Card.Body>
    </Card.Root>
  );
}
