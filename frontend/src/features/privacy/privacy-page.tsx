import { Button, Card, Heading, Text } from '@chakra-ui/react';
import { LuShield, LuTrash2 } from 'react-icons/lu';
import { Link } from 'react-router-dom';
import { SubPageLayout } from '../../shared/ui/sub-page-layout';
import { DataDownloadCard } from './components/data-download-card';
import { SignedInOnly } from './components/signed-in-only';

/** /profile/privacy: download your data, read the policy, delete your account. */
export function PrivacyPage() {
  return (
    <SubPageLayout title="Privacy">
      <SignedInOnly>
        <DataDownloadCard />
        <Card.Root as="section" aria-labelledby="policy-heading">
          <Card.Body gap="3">
            <Heading as="h2" size="lg" id="policy-heading">
              Privacy policy
            </Heading>
            <Text>What we collect, how we use it and your rights.</Text>
            <Button asChild variant="outline" alignSelf="start">
              <Link to="/privacy-policy">
                <LuShield aria-hidden /> Read the privacy policy
              </Link>
            </Button>
          </Card.Body>
        </Card.Root>
        <Card.Root as="section" aria-labelledby="delete-heading">
          <Card.Body gap="3">
            <Heading as="h2" size="lg" id="delete-heading">
              Delete my account
            </Heading>
            <Text>
              Cancel your membership, delete your account and make your personal data unreadable, for good.
            </Text>
            <Button asChild variant="outline" colorPalette="red" alignSelf="start">
              <Link to="/profile/privacy/delete">
                <LuTrash2 aria-hidden /> Delete my account
              </Link>
            </Button>
          </Card.Body>
        </Card.Root>
      </SignedInOnly>
    </SubPageLayout>
  );
}
