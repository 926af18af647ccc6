import { Button, type ButtonProps } from '@chakra-ui/react';
import { FcGoogle } from 'react-icons/fc';

export function GoogleButton(props: ButtonProps) {
  return (
    <Button variant="outline" width="full" size="lg" {...props}>
      <FcGoogle aria-hidden /> Continue with Google
    </Button>
  );
}
