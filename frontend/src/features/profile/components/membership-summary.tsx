import { Button, Card, Flex, Heading, Progress, Stack, Text } from '@chakra-ui/react';
import { LuCrown } from 'react-icons/lu';
import { Link } from 'react-router-dom';

/** Spec §9: the profile's usage bar is hard-coded at 30 %. */
const USED_PERCENT = 30;

/** Spec §2 Membership: premium or free, 'Upgrade Now' for free users, a fixed usage bar. */
export function MembershipSummary({ isPremium }: { isPremium: boolean }) {
  return (
    <Card.Root as="section" aria-labelledby="profile-membership">
      <Card.Body gap="4">
        <Flex justifyContent="space-between" alignItems="center" gap="3" wrap="wrap">
          <Flex alignItems="center" gap="2">
            <Flex color={isPremium ? 'orange.fg' : 'fg.muted'} aria-hidden>
              <LuCrown size="20" />
            </Flex>
            <Heading as="h2" size="md" id="profile-membership">
              {isPremium ? 'Premium Membership' : 'Free Membership'}
            </Heading>
          </Flex>
          {!isPremium && (
            <Button asChild size="sm" colorPalette="orange">
              <Link to="/premium">Upgrade Now</Link>
            </Button>
          )}
        </Flex>
        <Stack gap="1.5">
          <Progress.Root value={USED_PERCENT} colorPalette="green" size="sm" aria-label="Monthly usage">
            <Progress.Track borderRadius="full">
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
          <Text fontSize="sm" color="fg.muted">
            {USED_PERCENT}% used
          </Text>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
