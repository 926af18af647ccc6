import { Link, Text } from '@chakra-ui/react';

/** Privacy policy and terms links that open in a new tab. */
export function LegalConsent() {
  return (
    <Text fontSize="xs" color="fg.muted" textAlign="center">
      By continuing you agree to our{' '}
      <Link
        href="/terms-of-service"
        target="_blank"
        rel="noopener noreferrer"
        color="green.fg"
        textDecoration="underline"
      >
        Terms of Service
      </Link>{' '}
      and{' '}
      <Link
        href="/privacy-policy"
        target="_blank"
        rel="noopener noreferrer"
        color="green.fg"
        textDecoration="underline"
      >
        Privacy Policy
      </Link>
      .
    </Text>
  );
}
