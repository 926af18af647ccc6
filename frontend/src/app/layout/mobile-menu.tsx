import { IconButton } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { LuMenu } from 'react-icons/lu';

// The drawer loads on first use to keep the first page load small.
const MobileMenuDrawer = lazy(async () => ({
  default: (await import('./mobile-menu-drawer')).MobileMenuDrawer,
}));

/** Below 768px: a hamburger that opens a full-screen menu. */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <>
      <IconButton
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        variant="ghost"
        size="sm"
        hideFrom="md"
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <LuMenu />
      </IconButton>
      {used && (
        <Suspense fallback={null}>
          <MobileMenuDrawer open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
