import { LegalPage, type LegalSection } from './components/legal-page';

const SECTIONS: LegalSection[] = [
  {
    heading: 'What we collect',
    body: 'Your account details (email address, display name and username), the products you scan or create, your reviews, your dietary preferences and, if you subscribe, your subscription status. Card details are handled by our payment provider and never reach our servers.',
  },
  {
    heading: 'How we use it',
    body: 'To rate ingredients, keep your scan history and preferences, count your monthly scans, show your reviews to the community and run your Premium subscription.',
  },
  {
    heading: 'Who can use Labelwise',
    body: 'You must be at least 13 years old to create an account.',
  },
  {
    heading: 'Your rights',
    body: 'You may ask for a copy of your data, ask us to correct it, or ask us to delete your account and its data at any time.',
  },
  {
    heading: 'Governing law',
    body: 'This policy is governed by the laws of England and Wales.',
  },
];

export function PrivacyPolicyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      updated="1 January 2026"
      sections={SECTIONS}
      contactEmail="privacy@labelwise.app"
    />
  );
}
