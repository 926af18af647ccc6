import { Portal, Stack, Toast, Toaster } from '@chakra-ui/react';
import { useRef } from 'react';
import { isDismissingSwipe } from './swipe';
import { toaster } from './toaster';

function SwipeableToast({ id, children }: { id: string; children: React.ReactNode }) {
  const startX = useRef<number | null>(null);
  return (
    <Toast.Root
      width={{ md: 'sm' }}
      onPointerDown={(event) => {
        startX.current = event.clientX;
      }}
      onPointerUp={(event) => {
        if (startX.current !== null && isDismissingSwipe(startX.current, event.clientX)) toaster.dismiss(id);
        startX.current = null;
      }}
    >
      {children}
    </Toast.Root>
  );
}

export function AppToaster() {
  return (
    <Portal>
      <Toaster toaster={toaster} insetInline={{ mdDown: '4' }} aria-label="Notifications (F8)">
        {(toast) => (
          <SwipeableToast id={toast.id!}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable && <Toast.CloseTrigger />}
          </SwipeableToast>
        )}
      </Toaster>
    </Portal>
  );
}
