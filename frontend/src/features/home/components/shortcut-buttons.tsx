import { Button, SimpleGrid } from '@chakra-ui/react';
import { LuBookOpen, LuScanLine, LuSlidersHorizontal } from 'react-icons/lu';
import { Link } from 'react-router-dom';

const SHORTCUTS = [
  { to: '/scan', label: 'Analyse Ingredients', icon: LuScanLine },
  { to: '/preferences', label: 'My Preferences', icon: LuSlidersHorizontal },
  { to: '/learn', label: 'Learn More', icon: LuBookOpen },
];

export function ShortcutButtons() {
  return (
    <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
      {SHORTCUTS.map(({ to, label, icon: Icon }, index) => (
        <Button
          key={to}
          asChild
          size="lg"
          colorPalette="green"
          variant={index === 0 ? 'solid' : 'outline'}
          bg={index === 0 ? undefined : 'bg.panel'}
        >
          <Link to={to}>
            <Icon aria-hidden /> {label}
          </Link>
        </Button>
      ))}
    </SimpleGrid>
  );
}
