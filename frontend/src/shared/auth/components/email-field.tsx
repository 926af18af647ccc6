import { Field, Input } from '@chakra-ui/react';
import type { ChangeEvent } from 'react';

/** The email field every sign-in form and the password reset ask for. */
export function EmailField({
  value,
  onChange,
  required = false,
  name,
}: {
  value: string;
  onChange(event: ChangeEvent<HTMLInputElement>): void;
  required?: boolean;
  name?: string;
}) {
  return (
    <Field.Root required={required}>
      <Field.Label>Email</Field.Label>
      <Input
        name={name}
        type="email"
        autoComplete="email"
        value={value}
        onChange={onChange}
        placeholder="you@example.com"
      />
    </Field.Root>
  );
}
