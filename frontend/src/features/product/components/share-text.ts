import { ratingLabel } from '@labelwise/domain/contracts';

const CONCERNS_LISTED = 3;

interface Shareable {
  name: string;
  brand?: string | null;
  rating: string | null | undefined;
  concerns: { name: string }[];
}

/** The share text lists up to 3 concerns plus a 'more' count. */
export function shareText({ name, brand, rating, concerns }: Shareable): string {
  const subject = brand ? `${name} by ${brand}` : name;
  const verdict = `${subject} is rated ${ratingLabel(rating)} on Labelwise.`;
  if (concerns.length === 0) return verdict;
  const listed = concerns.slice(0, CONCERNS_LISTED).map((concern) => concern.name);
  const more = concerns.length - listed.length;
  return `${verdict} Concerns: ${listed.join(', ')}${more > 0 ? ` and ${more} more` : ''}.`;
}
