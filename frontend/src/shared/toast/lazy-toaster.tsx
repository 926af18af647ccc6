import { lazy, Suspense, useSyncExternalStore } from 'react';
import { toaster } from './toaster';

const AppToaster = lazy(async () => ({ default: (await import('./app-toaster')).AppToaster }));

/** Whether a toast has been shown on this page yet; once it has, the region stays. */
let toastShown = false;
// The store tells of a toast before it lists it, so the news itself says a toast was shown.
const subscribe = (onChange: () => void) =>
  toaster.subscribe(() => {
    toastShown = true;
    onChange();
  });
const wasToastShown = () => (toastShown ||= toaster.getVisibleToasts().length > 0);

/**
 * The toast region and its state machines load with the first toast: nothing needs them before,
 * and they would weigh on every cold start. A toast created before they arrive is shown as soon as
 * they do (the region reads the toasts already in the store when it mounts).
 */
export function LazyToaster() {
  const needed = useSyncExternalStore(subscribe, wasToastShown);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}
