import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAuth } from '../../../shared/auth/auth-context';

/**
 * True when the visitor was already signed in on arriving at a sign-in page, so the page sends
 * them home. Decided once, when the session is known: a sign-in made on the page itself (which is
 * briefly "signed in" even when the address turns out unverified) is left to the form, and a
 * ?verified / ?reset return shows its toast first.
 */
export function useArrivedSignedIn(): boolean {
  const { status } = useAuth();
  const [params] = useSearchParams();
  const [arrivedSignedIn, setArrivedSignedIn] = useState<boolean | null>(null);
  if (arrivedSignedIn === null && status !== 'loading') setArrivedSignedIn(status === 'authenticated');
  const returning = params.has('verified') || params.has('reset');
  return arrivedSignedIn === true && status === 'authenticated' && !returning;
}
