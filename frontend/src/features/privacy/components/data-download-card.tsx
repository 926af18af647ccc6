import { Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuDownload, LuFileText } from 'react-icons/lu';
import { serverMessage } from '../../../shared/api/api-error';
import { FormError } from '../../../shared/auth/components/form-error';
import { downloadUserData, type DataFormat } from '../api/download-data';

/** "Download my data": the JSON file of everything held about the user, or a readable summary. */
export function DataDownloadCard() {
  const [pending, setPending] = useState<DataFormat | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const download = async (format: DataFormat) => {
    setPending(format);
    setFailure(null);
    try {
      await downloadUserData(format);
    } catch (error) {
      setFailure(serverMessage(error, 'Your data could not be downloaded. Please try again.'));
    } finally {
      setPending(null);
    }
  };

  return (
    <Card.Root as="section" aria-labelledby="your-data-heading">
      <Card.Body gap="4">
        <Heading as="h2" size="lg" id="your-data-heading">
          Your data
        </Heading>
        <Text>
          Download everything Labelwise holds about you as one JSON file: your account (email, username and
          when you joined), your preferences, every scan and barcode lookup with its date, your reviews and
          the votes you gave and received, your subscription and payments, and the products you created or
          labelled.
        </Text>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
          <Button
            colorPalette="green"
            loading={pending === 'json'}
            disabled={pending !== null}
            onClick={() => void download('json')}
          >
            <LuDownload aria-hidden /> Download my data
          </Button>
          <Button
            variant="outline"
            loading={pending === 'summary'}
            disabled={pending !== null}
            onClick={() => void download('summary')}
          >
            <LuFileText aria-hidden /> Download a readable summary
          </Button>
        </Stack>
        {failure && <FormError>{failure}</FormError>}
      </Card.Body>
    </Card.Root>
  );
}
