import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { userProfileQuery } from '../../shared/api/user-profile';
import { useAuth } from '../../shared/auth/auth-context';
import { needsUsername } from './needs-username';
import { hasSkippedUsername, rememberSkippedUsername } from './skipped-username';

/** The username check waits 1500 ms after sign-in. */
export const USERNAME_CHECK_DELAY_MS = 1500;

// The dialog (and its form parts) loads only for users who need it.
const UsernameDialog = lazy(async () => ({ default: (await import('./username-dialog')).UsernameDialog }));

/**
 * The username prompt, mounted globally: for a signed-in user with a verified email, wait
 * 1.5 s, fetch the profile and ask for a username when there is none. Never again for a user
 * who has one or just set it, nor for one who chose 'Skip for now' on this device; starts over
 * when the user changes.
 */
export function UsernamePrompt() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const uid = user?.uid ?? null;
  const verified = user?.emailVerified ?? false;
  const [promptFor, setPromptFor] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const hasUsername = useRef(new Set<string>());

  useEffect(() => {
    if (uid === null || !verified || hasUsername.current.has(uid) || hasSkippedUsername(uid)) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      void needsUsername(() => queryClient.fetchQuery(userProfileQuery(uid))).then((needed) => {
        if (cancelled) return;
        if (!needed) {
          hasUsername.current.add(uid);
          return;
        }
        setPromptFor(uid);
        setOpen(true);
      });
    }, USERNAME_CHECK_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      // The prompt belongs to the user it was opened for: a change of user closes it.
      setOpen(false);
    };
  }, [uid, verified, queryClient]);

  if (promptFor === null || promptFor !== uid) return null;
  return (
    <Suspense fallback={null}>
      <UsernameDialog
        key={promptFor}
        uid={promptFor}
        open={open}
        onSkip={() => {
          rememberSkippedUsername(promptFor);
          setOpen(false);
        }}
        onSaved={() => hasUsername.current.add(promptFor)}
        onClose={() => setOpen(false)}
      />
    </Suspense>
  );
}
