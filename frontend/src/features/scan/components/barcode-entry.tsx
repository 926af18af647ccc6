import { Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import type { ProductResponse } from '@labelwise/domain/contracts';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { CAMERA_MESSAGES } from './camera-messages';

/** EAN-8 to GTIN-14, as printed under the bars. */
const BARCODE = /^\d{8,14}$/;

export const BARCODE_INVALID = 'Enter the 8 to 14 digits printed under the barcode.';
export const barcodeNotFound = (code: string) =>
  `No product found for barcode ${code}. Photograph or paste its label below: it will be saved under this barcode, so the next shopper who scans it finds it.`;

interface Message {
  text: string;
  invalid: boolean;
  /** The unknown barcode the message is about: it goes once that barcode is labelled or let go. */
  unknown?: string;
}

/**
 * Typed-barcode entry, for a barcode the camera cannot read: the same lookup as the camera's,
 * opening the product page, or saying the barcode is unknown (the page's `lookUp` then offers to
 * label it, and `labelling` is that barcode until its product is saved or the user lets it go).
 */
export function BarcodeEntry({
  lookUp,
  labelling,
}: {
  lookUp(code: string): Promise<ProductResponse | null>;
  labelling: string | null;
}) {
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<Message | null>(null);
  const shown = message?.unknown !== undefined && message.unknown !== labelling ? null : message;
  const [looking, setLooking] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const digits = code.replace(/\s+/g, '');
    if (!BARCODE.test(digits)) return setMessage({ text: BARCODE_INVALID, invalid: true });
    setMessage(null);
    setLooking(true);
    try {
      const product = await lookUp(digits);
      if (product) return navigate(`/product/${product.id}`);
      setMessage({ text: barcodeNotFound(digits), invalid: false, unknown: digits });
    } catch {
      setMessage({ text: CAMERA_MESSAGES.barcodeLookupFailed, invalid: false });
    } finally {
      setLooking(false);
    }
  };

  return (
    <form aria-label="Look up a barcode" noValidate onSubmit={(event) => void onSubmit(event)}>
      <Stack gap="2">
        <Field.Root invalid={shown?.invalid ?? false}>
          <Field.Label>Enter a barcode</Field.Label>
          <HStack gap="2" width="full" alignItems="start">
            <Input
              value={code}
              inputMode="numeric"
              autoComplete="off"
              maxLength={20}
              placeholder="e.g. 5000159461122"
              onChange={(event) => {
                setCode(event.target.value);
                if (message?.invalid) setMessage(null);
              }}
            />
            <Button type="submit" variant="outline" colorPalette="green" loading={looking}>
              Look up
            </Button>
          </HStack>
          {shown?.invalid && <Field.ErrorText>{shown.text}</Field.ErrorText>}
        </Field.Root>
        {shown && !shown.invalid && (
          <Text role="status" color="fg.muted">
            {shown.text}
          </Text>
        )}
      </Stack>
    </form>
  );
}
