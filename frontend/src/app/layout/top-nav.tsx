import { Box, Flex, HStack, IconButton, Link as ChakraLink } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { LuBell } from 'react-icons/lu';
import { NavLink } from 'react-router-dom';
import { AuthArea } from './auth-area';
import { Logo } from './logo';
import { MobileMenu } from './mobile-menu';
import { SearchForm } from '../../shared/ui/search-form';
import { NAV_LINKS } from './nav-links';

/**
 * Keeps the header's height (it wraps on a phone) in `--header-height` on <html>, where the
 * scroll padding reads it: nothing scrolled into view ends up under the sticky header.
 */
function useHeaderHeight() {
  const header = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = header.current;
    if (!element) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() =>
      root.style.setProperty('--header-height', `${element.offsetHeight}px`),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--header-height');
    };
  }, []);
  return header;
}

export function TopNav() {
  const header = useHeaderHeight();
  return (
    <Box
      as="header"
      ref={header}
      bg="bg.panel"
      borderBottomWidth="1px"
      position="sticky"
      top="0"
      zIndex="sticky"
    >
      <Flex
        maxWidth="6xl"
        marginX="auto"
        paddingX={{ base: '3', md: '6' }}
        paddingY="2"
        minHeight="16"
        alignItems="center"
        flexWrap="wrap"
        columnGap={{ base: '2', md: '6' }}
        rowGap="2"
      >
        <Logo />
        <HStack as="nav" aria-label="Main" gap="1" hideBelow="md">
          {NAV_LINKS.filter((link) => link.desktop).map((link) => (
            <ChakraLink
              key={link.to}
              asChild
              paddingX="3"
              paddingY="2"
              borderRadius="md"
              fontWeight="medium"
              color="fg"
              _hover={{ bg: 'bg.muted', textDecoration: 'none' }}
              css={{ '&.active': { color: 'green.fg', bg: 'green.subtle' } }}
            >
              <NavLink to={link.to}>{link.label}</NavLink>
            </ChakraLink>
          ))}
        </HStack>
        <Flex flex={{ base: '1 0 100%', sm: '1' }} order={{ base: 1, sm: 0 }} justifyContent="flex-end">
          <Box width="full" maxWidth={{ sm: 'md' }}>
            <SearchForm size="sm" />
          </Box>
        </Flex>
        <HStack gap="1" marginStart={{ base: 'auto', sm: '0' }}>
          <IconButton aria-label="Notifications" variant="ghost" size="sm">
            <LuBell />
          </IconButton>
          <AuthArea />
          <MobileMenu />
        </HStack>
      </Flex>
    </Box>
  );
}
