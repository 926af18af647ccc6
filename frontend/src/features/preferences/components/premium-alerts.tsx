import { Badge, Box, Button, Card, Heading, List, Stack, Text } from '@chakra-ui/react';
import { LuCheck, LuCrown, LuLock, LuShieldAlert } from 'react-icons/lu';
import { Link } from 'react-router-dom';
import { PREMIUM_ALERT_FIELDS } from '../../../shared/lib/preference-fields';
import type { PreferencesController } from '../use-preferences-controller';
import { PreferencesCard } from './preferences-card';
import { PreferenceSwitch, PreferenceSwitchSkeleton } from './preference-switch';

const PREMIUM_FEATURES = [
  'Enhanced ingredient analysis',
  'Advanced dietary alerts',
  'Unlimited scans per month',
];

function PremiumFeaturesActive() {
  return (
    <Box
      bg="green.subtle"
      borderWidth="1px"
      borderColor="green.muted"
      borderRadius="lg"
      padding="4"
      marginTop="3"
      data-testid="premium-features-active"
    >
      <Heading as="h3" size="sm" marginBottom="2" color="green.fg">
        Premium Features Active
      </Heading>
      <List.Root gap="1" variant="plain">
        {PREMIUM_FEATURES.map((feature) => (
          <List.Item key={feature} alignItems="center" fontSize="sm">
            <List.Indicator asChild color="green.fg">
              <LuCheck aria-hidden />
            </List.Indicator>
            {feature}
          </List.Item>
        ))}
      </List.Root>
    </Box>
  );
}

function UpsellCard() {
  return (
    <Card.Root
      bg="orange.subtle"
      borderColor="orange.muted"
      marginTop="3"
      size="sm"
      data-testid="premium-upsell"
    >
      <Card.Body>
        <Stack gap="3" direction={{ base: 'column', sm: 'row' }} alignItems={{ sm: 'center' }}>
          <Stack gap="1" flex="1">
            <Text fontWeight="semibold">Unlock advanced dietary alerts</Text>
            <Text fontSize="sm" color="fg">
              Go Premium for nut, soy, MSG and E-number alerts, enhanced ingredient analysis and unlimited
              scans.
            </Text>
          </Stack>
          <Button asChild colorPalette="orange" size="sm" flexShrink={0}>
            <Link to="/premium">
              <LuCrown aria-hidden /> Go Premium
            </Link>
          </Button>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * 'Premium Dietary Alerts': premium users get an 'Active' badge and four working toggles;
 * everyone else an 'Upgrade' button, toggles that do nothing and an upsell card.
 */
export function PremiumAlerts({
  controller,
  isPremium,
}: {
  controller: PreferencesController;
  isPremium: boolean;
}) {
  const badge = isPremium ? (
    <Badge colorPalette="green" variant="solid">
      Active
    </Badge>
  ) : (
    <Button asChild size="xs" colorPalette="orange">
      <Link to="/premium">Upgrade</Link>
    </Button>
  );
  return (
    <PreferencesCard title="Premium Dietary Alerts" icon={<LuShieldAlert />} badge={badge}>
      {PREMIUM_ALERT_FIELDS.map((field) =>
        controller.loading ? (
          <PreferenceSwitchSkeleton key={field.key} />
        ) : (
          <PreferenceSwitch
            key={field.key}
            label={field.label}
            description={field.description}
            icon={isPremium ? undefined : <LuLock />}
            checked={isPremium && controller.preferences.premiumAlerts[field.key]}
            disabled={!controller.editable}
            readOnly={!isPremium}
            onToggle={() => {
              if (isPremium) controller.toggle({ group: 'premium', key: field.key });
            }}
          />
        ),
      )}
      <Box>{isPremium ? <PremiumFeaturesActive /> : <UpsellCard />}</Box>
    </PreferencesCard>
  );
}
