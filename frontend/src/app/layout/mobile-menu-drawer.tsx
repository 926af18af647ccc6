import { Button, CloseButton, Drawer, Portal, Stack } from '@chakra-ui/react';
import { NavLink } from 'react-router-dom';
import { useAuth } from '../../shared/auth/auth-context';
import { NAV_LINKS } from './nav-links';

interface MobileMenuDrawerProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

export function MobileMenuDrawer({ open, onOpenChange }: MobileMenuDrawerProps) {
  const { status, setSignInDialogOpen } = useAuth();
  return (
    <Drawer.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      size="full"
      placement="end"
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>Menu</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack as="nav" aria-label="Mobile" gap="1">
                {NAV_LINKS.map((link) => (
                  <NavLink
                    key={link.to}
                    to={link.to}
                    onClick={() => onOpenChange(false)}
                    style={({ isActive }) => ({
                      padding: '14px 8px',
                      fontSize: '1.25rem',
                      fontWeight: isActive ? 700 : 500,
                      color: isActive ? 'var(--chakra-colors-green-fg)' : 'inherit',
                      borderBottom: '1px solid var(--chakra-colors-border)',
                    })}
                  >
                    {link.label}
                  </NavLink>
                ))}
              </Stack>
              {status === 'unauthenticated' && (
                <Button
                  colorPalette="green"
                  size="lg"
                  width="full"
                  marginTop="6"
                  onClick={() => {
                    onOpenChange(false);
                    setSignInDialogOpen(true);
                  }}
                >
                  Sign In
                </Button>
              )}
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close menu" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
