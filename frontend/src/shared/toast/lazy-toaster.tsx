import { lazy, Suspense, useEffect, useState } from 'react';
import { toaster } from './toaster';

const AppToaster = lazy(async () => ({ default: (await import('./app-toaster')).AppToaster }));

const hasToasts = () => toaster.getVisibleToasts().length > 0;

/**
 * The toast region and its state machines load with the first toast: nothing needs them before,
 * and they would weigh on every cold start. A toast created before they arrive is shown as soon as
 * they do (the region reads the toasts already in the store when it mounts).
 */
export function LazyToaster() {
  const [needed, setNeeded] = useState(hasToasts);
  useEffect(() => {
    if (needed) return;
    if (hasToasts()) {
      setNeeded(true);
      return;
    }
    return toaster.subscribe(() => setNeeded(true));
  }, [needed]);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}
