import type { AnalysisSummary } from '../events/product-events';

type ProcessingLevel = AnalysisSummary['processingLevel'];

/** OFF's NOVA groups, as its pages name them. */
export const NOVA_GROUP_NAMES: Record<number, string> = {
  1: 'unprocessed or minimally processed foods',
  2: 'processed culinary ingredients',
  3: 'processed foods',
  4: 'ultra-processed foods',
};

/** The NOVA groups each of our processing levels is consistent with. */
const CONSISTENT_GROUPS: Record<ProcessingLevel, readonly number[]> = {
  minimal: [1, 2],
  moderate: [2, 3],
  high: [4],
};

const LEVEL_WORDS: Record<ProcessingLevel, string> = {
  minimal: 'minimally processed',
  moderate: 'moderately processed',
  high: 'highly processed',
};

/**
 * A plain sentence when our processing level and Open Food Facts' NOVA group disagree (e.g. we
 * found markers of ultra-processing OFF's group does not reflect); null when they agree or
 * either is unknown.
 */
export function processingDisagreement(
  level: ProcessingLevel | null | undefined,
  novaGroup: number | null | undefined,
): string | null {
  if (!level || !novaGroup || !NOVA_GROUP_NAMES[novaGroup]) return null;
  if (CONSISTENT_GROUPS[level].includes(novaGroup)) return null;
  return (
    `Our analysis finds this product ${LEVEL_WORDS[level]}, while Open Food Facts puts it in ` +
    `NOVA group ${novaGroup} (${NOVA_GROUP_NAMES[novaGroup]}). The two read the ingredient list differently.`
  );
}
