import type { Additive, ConcernIngredient, FunctionalClass } from '@labelwise/reference-data';
import { analysisThresholds, type ProcessingSignals, type ProcessingVerdict } from './rules';
import type { LabelScan } from './scan';

/**
 * Plain-word explanations: why a concern is one (with its source), which NOVA rule set the
 * processing level, and what to look for instead.
 */

/** Open Food Facts' page on the NOVA groups the processing level follows. */
export const NOVA_SOURCE = 'https://world.openfoodfacts.org/nova';

const adviceByClass: Partial<Record<FunctionalClass, string>> = {
  colour: 'Look for products coloured with fruit, vegetable or spice extracts, or not coloured at all.',
  preservative: 'Look for fresh, chilled or frozen versions that need no preservative.',
  sweetener: 'Look for unsweetened versions, or ones lightly sweetened with sugar or fruit.',
  'flavour enhancer': 'Look for products seasoned with herbs, spices or real stock.',
  emulsifier: 'Look for simpler recipes without emulsifiers or thickeners.',
  stabiliser: 'Look for simpler recipes without stabilisers or thickeners.',
  thickener: 'Look for simpler recipes without thickeners.',
  'modified starch': 'Look for simpler recipes without modified starch.',
  antioxidant: 'Look for products protected with vitamin E (tocopherols) or rosemary extract.',
  'flour treatment agent': 'Look for bread and flour made without flour improvers.',
};

const adviceByConcern: Record<string, string> = {
  'palm-oil': 'Look for products made with sunflower, rapeseed or olive oil.',
  'high-fructose-corn-syrup': 'Look for products without added syrups, or with less sugar.',
  'hydrogenated-oil': 'Look for products made with unhardened oils or butter.',
  'partially-hydrogenated-oil': 'Look for products made with unhardened oils or butter.',
  'interesterified-fat': 'Look for products made with unhardened oils or butter.',
  'artificial-flavour': 'Look for products flavoured with the real ingredient (vanilla, fruit, spices).',
  'artificial-colour':
    'Look for products coloured with fruit, vegetable or spice extracts, or not coloured at all.',
  msg: 'Look for products seasoned with herbs, spices or real stock.',
  'sodium-nitrite': 'Look for fresh meat, or cured meat labelled nitrite-free.',
  'celery-powder': 'Look for fresh meat rather than cured meat.',
  'titanium-dioxide': 'Look for products without added white colour.',
};

const fallbackAdvice = 'Look for a version with a shorter list of ingredients you would use at home.';

function withAdvice(reason: string, advice: string): string {
  const sentence = /[.!?]$/.test(reason) ? reason : `${reason}.`;
  return `${sentence} ${advice}`;
}

/** Why an additive is a concern, with what to look for instead. */
export function additiveReason(additive: Additive, concern: ConcernIngredient | undefined): string {
  const advice =
    (concern && adviceByConcern[concern.id]) ?? adviceByClass[additive.functionalClass] ?? fallbackAdvice;
  return withAdvice(concern?.reason ?? additive.reason, advice);
}

/** Why a named ingredient is a concern, with what to look for instead. */
export function ingredientReason(concern: ConcernIngredient): string {
  return withAdvice(concern.reason, adviceByConcern[concern.id] ?? fallbackAdvice);
}

/** "a", "a and b", "a, b and c" (at most four, then "and n more"). */
function listed(items: readonly string[]): string {
  const shown = items.slice(0, 4);
  const more = items.length - shown.length;
  if (more > 0) return `${shown.join(', ')} and ${more} more`;
  if (shown.length <= 1) return shown.join('');
  return `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`;
}

const wholeFoodAdvice = 'Look for a version made from whole foods and kitchen ingredients.';

/**
 * The processing-level rule that set the level, in plain words, checked from ultra-processed
 * down (the first that holds is the one named).
 */
export function processingReason(
  s: ProcessingSignals,
  verdict: ProcessingVerdict,
  scan: Pick<LabelScan, 'evidence' | 'additives'>,
): string {
  const t = analysisThresholds;
  const { evidence } = scan;
  if (verdict.isUltraProcessed) {
    const markers = [...evidence.ultra, ...evidence.firmingAgent];
    if (s.keyMarker && markers.length > 0) {
      const marker = markers.length === 1 ? 'a marker' : 'markers';
      return `Contains ${listed(markers)}, ${marker} of ultra-processed food (NOVA group 4). ${wholeFoodAdvice}`;
    }
    if (s.fortifiedFormulation) {
      const additives = [...scan.additives.values()].map(({ additive }) => additive.name.toLowerCase());
      return `Contains ${listed(evidence.addedNutrients)} added to a recipe with ${listed([...evidence.culinary, ...additives])}: a fortified formulation, a marker of ultra-processed food (NOVA group 4). ${wholeFoodAdvice}`;
    }
    if (s.processingTerms >= t.highProcessingTerms) {
      return `Shows ${s.processingTerms} signs of industrial processing (${listed(evidence.terms)}): ultra-processed food (NOVA group 4). ${wholeFoodAdvice}`;
    }
    if (s.additiveCount >= t.highAdditives) {
      return `Contains ${s.additiveCount} additives: ultra-processed food (NOVA group 4). Look for a version with few or no additives.`;
    }
    return `Salt, sugar and fat together with ${s.additiveCount} additives and industrial processing: ultra-processed food (NOVA group 4). ${wholeFoodAdvice}`;
  }
  if (verdict.isProcessed) {
    if (s.processingTerms >= t.moderateProcessingTerms) {
      return `Contains ${listed(evidence.terms)}, a sign of industrial processing: processed food (NOVA group 3).`;
    }
    if (s.additiveCount >= t.moderateAdditives) {
      return `Contains ${s.additiveCount} additives: processed food (NOVA group 3). Look for a version with fewer additives.`;
    }
    if (s.processingWord) {
      return `${capitalise(listed(evidence.processingWords))}: a food preserved or prepared by processing (NOVA group 3).`;
    }
    if (s.culinaryAddition) {
      return `A food with added ${listed(evidence.culinary)}: processed food (NOVA group 3). Look for a version without added ${evidence.culinary[0] ?? 'sugar or salt'} if you want to cut down.`;
    }
    if (s.stapleWords >= t.moderateStapleWords) {
      return `Made from ${s.stapleWords} kitchen staples (flour, starch, oil, sugar, salt, vinegar): processed food (NOVA group 3).`;
    }
    if (s.processedCategory) return 'Its category is a processed food (NOVA group 3).';
    return `Salt, sugar and fat with ${s.additiveCount} additives, or many ingredients and additives: processed food (NOVA group 3).`;
  }
  if (s.kitchenIngredient) {
    const additive =
      s.additiveCount > 0 ? ' Its one additive is not enough to make it a processed food.' : '';
    if (evidence.culinary.length > 1) {
      return `${capitalise(listed(evidence.culinary))}: culinary ingredients in themselves (NOVA group 2), not a food with them added.${additive}`;
    }
    const kind = evidence.culinary[0] ?? 'kitchen ingredient';
    const beside = s.ingredientCount > 1 ? ' with its own ingredients or seasonings' : '';
    return `${capitalise(kind)}${beside}: a culinary ingredient in itself (NOVA group 2), not a food with ${kind} added.${additive}`;
  }
  if (s.additiveCount > 0) {
    return 'Whole or minimally processed ingredients (NOVA group 1 or 2): one additive and no marker of processing, not enough to make it a processed food.';
  }
  return 'Whole or minimally processed ingredients (NOVA group 1 or 2): no additive or marker of processing found.';
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
