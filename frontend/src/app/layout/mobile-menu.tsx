import { CloseButton, Drawer, IconButton, Portal, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { LuMenu } from 'react-icons/lu';
import { NavLink } from 'react-router-dom';
import { NAV_LINKS } from './nav-links';

/** Below 768px: a hamburger that opens a full-screen menu. */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  return (
    <Drawer.Root open={open} onOpenChange={(details) => setOpen(details.open)} size="full" placement="end">
      <Drawer.Trigger asChild>
        <IconButton aria-label="Open menu" variant="ghost" size="sm" hideFrom="md">
          <LuMenu />
        </IconButton>
      </Drawer.Trigger>
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
                    onClick={() => setOpen(false)}
                    style={({ isActive }) => ({
                      padding: '14px 8px',
                      fontSize: '1.25rem',
                      fontWeight: isActive ? 700 : 500,
                      color: isActive ? '#15803d' : 'inherit',
                      borderBottom: '1px solid #e5e7eb',
                    })}
                  >
                    {link.label}
                  </NavLink>
                ))}
              </Stack>
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
