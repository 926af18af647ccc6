import { LegalPage, type LegalSection } from './components/legal-page';

const SECTIONS: LegalSection[] = [
  {
    heading: 'Using Labelwise',
    body: 'Labelwise explains ingredient lists. Ratings are guidance, not medical or dietary advice. You must be at least 13 years old to create an account.',
  },
  {
    heading: 'Your content',
    body: 'Products, scans and reviews you add must be accurate and lawful. We may remove reviews that break these terms.',
  },
  {
    heading: 'Premium subscriptions',
    body: 'Premium is billed monthly or yearly in advance. You can cancel at any time; cancellation takes effect at the end of the current billing period and there are no partial refunds for unused time.',
  },
  {
    heading: 'Governing law',
    body: 'These terms are governed by the laws of England and Wales, and the courts of England and Wales have jurisdiction.',
  },
];

export function TermsOfServicePage() {
  return (
    <LegalPage
      title="Terms of Service"
      updated="1 January 2026"
      sections={SECTIONS}
      contactEmail="legal@labelwise.app"
    />
  );
}
