import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { showToast } from '../../../shared/toast/toaster';

/** Toasts for ?verified=true and ?reset=true, then the parameter is removed. */
export function useAuthReturnToasts() {
  const [params, setParams] = useSearchParams();

  useEffect(() => {
    const verified = params.get('verified') === 'true';
    const reset = params.get('reset') === 'true';
    if (!verified && !reset) return;
    if (verified) {
      showToast({
        title: 'Email Verified Successfully!',
        description: 'You can now sign in with your email and password.',
      });
    } else {
      showToast({
        title: 'Password Reset Complete!',
        description: 'You can now sign in with your new password.',
      });
    }
    const next = new URLSearchParams(params);
    next.delete('verified');
    next.delete('reset');
    setParams(next, { replace: true });
  }, [params, setParams]);
}
