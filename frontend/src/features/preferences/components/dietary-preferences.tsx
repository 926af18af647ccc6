import type { PreferencesController } from '../use-preferences-controller';
import { DIETARY_FIELDS } from '../../../shared/lib/preference-fields';
import { LuSalad } from 'react-icons/lu';
import { PreferencesCard } from './preferences-card';
import { PreferenceSwitch, PreferenceSwitchSkeleton } from './preference-switch';

/** 'Dietary Preferences': five toggles, disabled when signed out, skeletons while loading. */
export function DietaryPreferences({ controller }: { controller: PreferencesController }) {
  return (
    <PreferencesCard title="Dietary Preferences" icon={<LuSalad />}>
      {DIETARY_FIELDS.map((field) =>
        controller.loading ? (
          <PreferenceSwitchSkeleton key={field.key} />
        ) : (
          <PreferenceSwitch
            key={field.key}
            label={field.label}
            description={field.description}
            checked={controller.preferences[field.key]}
            disabled={!controller.editable}
            onToggle={() => controller.toggle({ group: 'dietary', key: field.key })}
          />
        ),
      )}
    </PreferencesCard>
  );
}
