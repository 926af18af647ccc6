import { Text } from '@chakra-ui/react';
import { FormError } from './form-error';

/** Why a sign-in failed; an unverified address also hears where its link may have gone. */
export function SignInError({ message, unverified }: { message: string; unverified: boolean }) {
  return (
    <FormError>
      {message}
      {unverified && <Text marginTop="1">If you cannot find it, check your spam folder.</Text>}
    </FormError>
  );
}
