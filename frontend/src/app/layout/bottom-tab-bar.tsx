import { Box, Flex, Text } from '@chakra-ui/react';
import type { IconType } from 'react-icons';
import { LuBookOpen, LuCamera, LuHouse, LuSearch, LuUser } from 'react-icons/lu';
import { NavLink } from 'react-router-dom';

const TABS: { to: string; label: string; icon: IconType }[] = [
  { to: '/', label: 'Home', icon: LuHouse },
  { to: '/search', label: 'Search', icon: LuSearch },
  { to: '/learn', label: 'Learn', icon: LuBookOpen },
  { to: '/profile', label: 'Profile', icon: LuUser },
];

function Tab({ to, label, icon: Icon }: (typeof TABS)[number]) {
  return (
    <Box asChild flex="1" color="fg.muted" css={{ '&.active': { color: 'green.fg' } }}>
      <NavLink to={to} end={to === '/'}>
        <Flex direction="column" alignItems="center" gap="0.5" paddingY="1.5">
          <Icon size={22} aria-hidden />
          <Text fontSize="xs" fontWeight="medium">
            {label}
          </Text>
        </Flex>
      </NavLink>
    </Box>
  );
}

/** Mobile bottom tab bar: Home, Search, central camera (/scan), Learn, Profile. */
export function BottomTabBar() {
  const [home, search, learn, profile] = TABS;
  return (
    <Flex
      as="nav"
      aria-label="Tab bar"
      hideFrom="md"
      position="fixed"
      bottom="0"
      insetX="0"
      zIndex="sticky"
      bg="bg.panel"
      borderTopWidth="1px"
      alignItems="center"
      paddingBottom="env(safe-area-inset-bottom)"
      height="16"
    >
      <Tab {...home!} />
      <Tab {...search!} />
      <Flex flex="1" justifyContent="center">
        <NavLink to="/scan" aria-label="Scan">
          <Flex
            width="14"
            height="14"
            marginTop="-6"
            borderRadius="full"
            bg="green.700"
            color="white"
            alignItems="center"
            justifyContent="center"
            boxShadow="lg"
          >
            <LuCamera size={26} aria-hidden />
          </Flex>
        </NavLink>
      </Flex>
      <Tab {...learn!} />
      <Tab {...profile!} />
    </Flex>
  );
}
