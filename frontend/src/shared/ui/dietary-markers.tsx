import { Badge, Wrap } from '@chakra-ui/react';
import { LuTriangleAlert } from 'react-icons/lu';
import { useAuth } from '../auth/auth-context';
import { useUserPreferences } from '../api/user-preferences';
import {
  DIETARY_FIELDS,
  PREMIUM_ALERT_FIELDS,
  preferenceValue,
  type PreferenceKey,
} from '../lib/preference-fields';

const FIELDS = [
  ...DIETARY_FIELDS.map((field) => ({
    ...field,
    preference: { group: 'dietary', key: field.key } as PreferenceKey,
  })),
  ...PREMIUM_ALERT_FIELDS.map((field) => ({
    ...field,
    preference: { group: 'premium', key: field.key } as PreferenceKey,
  })),
];

/**
 * On a tile, the signed-in user's dietary and allergy alerts the product raises (from the flags
 * the server's analyser kept for it), each saying what the product contains ("Contains palm oil").
 * Nothing signed out or without one.
 */
export function DietaryMarkers({ flags }: { flags: string[] }) {
  const { user } = useAuth();
  const { data: preferences } = useUserPreferences(user?.uid ?? null);
  if (!preferences || flags.length === 0) return null;
  const alerts = FIELDS.filter(
    (field) => flags.includes(field.key) && preferenceValue(preferences, field.preference),
  );
  if (alerts.length === 0) return null;
  return (
    <Wrap as="ul" listStyleType="none" gap="1" aria-label="Your dietary alerts" data-testid="dietary-markers">
      {alerts.map((field) => (
        <Badge as="li" key={field.key} colorPalette="purple" variant="subtle">
          <LuTriangleAlert aria-hidden />
          {field.alert}
        </Badge>
      ))}
    </Wrap>
  );
}
