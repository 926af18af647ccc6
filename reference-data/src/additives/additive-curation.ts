import type { FunctionalClass, Severity } from '../schemas';

/**
 * Hand-made corrections applied by the generator on top of the Open Food Facts export.
 * Everything here is documented; the generated table records only the result.
 */

export interface SeverityOverride {
  severity: Severity;
  reason: string;
}

const southamptonColour =
  'Azo dye, one of the "Southampton colours" linked to hyperactivity in children; EU labels must warn it may affect activity and attention.';
const sulphite =
  'Sulphite preservative: can trigger asthma attacks in sensitive people and destroys vitamin B1. EFSA found a high overexposure risk.';

/**
 * Severity overrides. E102, E104, E110, E124, E129, E211, E220-E224, E250 and E951 must be
 * high, whatever OFF says; the others are additives banned or restricted in the UK/EU
 * whose OFF record understates that.
 */
export const severityOverrides: Record<string, SeverityOverride> = {
  E102: { severity: 'high', reason: southamptonColour },
  E104: { severity: 'high', reason: southamptonColour },
  E110: { severity: 'high', reason: southamptonColour },
  E124: { severity: 'high', reason: southamptonColour },
  E129: { severity: 'high', reason: southamptonColour },
  E122: { severity: 'medium', reason: southamptonColour },
  E211: {
    severity: 'high',
    reason:
      'Preservative that can form benzene with vitamin C in drinks and was linked to hyperactivity in the Southampton study. EFSA found a high overexposure risk.',
  },
  E220: { severity: 'high', reason: sulphite },
  E221: { severity: 'high', reason: sulphite },
  E222: { severity: 'high', reason: sulphite },
  E223: { severity: 'high', reason: sulphite },
  E224: { severity: 'high', reason: sulphite },
  E250: {
    severity: 'high',
    reason:
      'Curing salt that forms nitrosamines in meat; processed meat is classed as carcinogenic to humans (IARC group 1).',
  },
  E951: {
    severity: 'high',
    reason:
      'Artificial sweetener classed as possibly carcinogenic by IARC (2023); must be avoided by people with phenylketonuria.',
  },
  E171: {
    severity: 'high',
    reason: 'White colour banned in the EU since 2022 because damage to DNA could not be ruled out.',
  },
  E320: {
    severity: 'high',
    reason: 'Synthetic antioxidant classed as possibly carcinogenic to humans (IARC group 2B).',
  },
  E924: {
    severity: 'high',
    reason: 'Flour improver banned in the UK and EU; classed as possibly carcinogenic (IARC group 2B).',
  },
  E924a: {
    severity: 'high',
    reason: 'Flour improver banned in the UK and EU; classed as possibly carcinogenic (IARC group 2B).',
  },
  E927a: {
    severity: 'high',
    reason:
      'Flour bleaching agent not permitted in the UK and EU; it can cause asthma and breaks down into a suspected carcinogen.',
  },
  E443: {
    severity: 'high',
    reason:
      'Brominated vegetable oil: bromine builds up in body fat. Not permitted in the EU; the US FDA revoked it in 2024.',
  },
};

/** Label names (lower case) that identify an additive without its number, beyond its OFF English name. */
export const nameAliases: Record<string, string[]> = {
  E100: ['curcumin'],
  E102: ['yellow 5', 'yellow no 5'],
  E110: ['yellow 6', 'yellow no 6', 'sunset yellow'],
  E120: ['carmine', 'carminic acid', 'cochineal extract'],
  E127: ['red 3', 'red no 3', 'erythrosin'],
  E129: ['red 40', 'red no 40', 'allura red ac'],
  E132: ['blue 2', 'blue no 2', 'indigo carmine'],
  E133: ['blue 1', 'blue no 1', 'brilliant blue'],
  E143: ['green 3', 'green no 3'],
  E150: ['caramel colour', 'caramel colouring'],
  E160b: ['annatto extract', 'annatto colour'],
  E162: ['betanin'],
  E300: ['l ascorbic acid'],
  E306: ['mixed tocopherols'],
  E322: ['lecithin', 'soy lecithin', 'soya lecithin', 'sunflower lecithin', 'rapeseed lecithin'],
  E334: ['tartaric acid'],
  E336: ['cream of tartar'],
  E385: ['calcium disodium edta', 'disodium edta', 'edta'],
  E407: ['carrageenin'],
  E410: ['carob bean gum', 'carob gum'],
  E414: ['gum arabic', 'acacia'],
  E415: ['xanthan'],
  E418: ['gellan'],
  E422: ['glycerin', 'glycerine', 'vegetable glycerin'],
  E428: ['gelatin'],
  E432: ['polysorbate 20'],
  E433: ['polysorbate 80'],
  E434: ['polysorbate 40'],
  E435: ['polysorbate 60'],
  E436: ['polysorbate 65'],
  E450: ['sodium acid pyrophosphate', 'sodium pyrophosphate', 'tetrasodium pyrophosphate'],
  E452: ['sodium hexametaphosphate'],
  E464: ['hydroxypropyl methylcellulose', 'hypromellose', 'hpmc'],
  E466: [
    'cellulose gum',
    'carboxymethylcellulose',
    'carboxymethyl cellulose',
    'sodium carboxymethylcellulose',
  ],
  E471: [
    'mono and diglycerides',
    'mono diglycerides',
    'mono and di glycerides',
    'monoglycerides',
    'diglycerides',
    'monoglycerides and diglycerides',
  ],
  E472e: [
    'datem',
    'diacetyl tartaric acid esters of mono and diglycerides',
    'diacetyl tartaric acid esters of mono diglycerides',
    'diacetyl tartaric acid ester of mono and diglycerides',
    'diacetyltartaric acid esters of mono and diglycerides',
  ],
  E476: ['pgpr'],
  E481: ['sodium stearoyl lactylate', 'ssl'],
  E482: ['calcium stearoyl lactylate'],
  E488: ['ethoxylated mono and diglycerides', 'ethoxylated mono diglycerides', 'ethoxylated monoglycerides'],
  E500: ['baking soda', 'bicarbonate of soda', 'sodium bicarbonate'],
  E503: ['ammonium bicarbonate'],
  E551: ['silica'],
  E635: ['disodium ribonucleotides'],
  E901: ['beeswax'],
  E904: ["confectioner's glaze", 'confectioners glaze'],
  E920: ['cysteine'],
  E950: ['acesulfame potassium', 'acesulfame', 'ace k', 'acesulfam k'],
  E952: ['cyclamate', 'sodium cyclamate', 'cyclamic acid'],
  E954: ['saccharin', 'saccharine', 'sodium saccharin', 'natriumsaccharin'],
  E960: ['stevia', 'stevia extract', 'stevia leaf extract', 'rebaudioside a', 'reb a'],
  E14xx: [
    'modified starch',
    'modified food starch',
    'modified corn starch',
    'modified cornstarch',
    'modified maize starch',
    'modified tapioca starch',
    'modified potato starch',
    'modified wheat starch',
  ],
  E392: ['rosemary extract'],
};

/**
 * OFF English names that must not be matched as additives on their own because on labels
 * they usually mean a vitamin, a spice or a food ("riboflavin" in enriched flour, "beta carotene"
 * next to vitamin D, "dl-alpha-tocopherol" as vitamin E, "saffron"). Written as E-numbers they
 * still count.
 */
export const excludedNames = new Set([
  'riboflavin',
  'riboflavin 5 phosphate',
  'carotene',
  'beta carotene',
  'lutein',
  'lycopene',
  'alpha tocopherol',
  'd alpha tocopherol',
  'dl alpha tocopherol',
  'gamme tocopherol',
  'delta tocopherol',
  'concentrated tocopherol',
  'amaranth',
  'nicotinic acid',
  'caramel',
  'saffron',
  'sandalwood',
  'gold',
  'silver',
  'aluminium',
  'fatty acids',
  'carbonates',
]);

/** Functional class where the OFF record gives none or a misleading first class. */
export const classOverrides: Record<string, FunctionalClass> = {
  E290: 'gas',
  E300: 'antioxidant',
  E322: 'emulsifier',
  E330: 'acidity regulator',
  E339: 'acidity regulator',
  E340: 'acidity regulator',
  E341: 'acidity regulator',
  E450: 'raising agent',
  E451: 'stabiliser',
  E452: 'stabiliser',
  E500: 'raising agent',
  E500i: 'raising agent',
  E500ii: 'raising agent',
  E501: 'raising agent',
  E503: 'raising agent',
  E503i: 'raising agent',
  E503ii: 'raising agent',
  E551: 'anti-caking agent',
  E14xx: 'modified starch',
};

/** Class of an E-number by the numbering scheme, for records without a class. */
export function classByNumber(n: number): FunctionalClass {
  const ranges: [number, number, FunctionalClass][] = [
    [100, 199, 'colour'],
    [200, 259, 'preservative'],
    [260, 299, 'acidity regulator'],
    [300, 324, 'antioxidant'],
    [325, 399, 'acidity regulator'],
    [400, 469, 'thickener'],
    [470, 499, 'emulsifier'],
    [500, 529, 'acidity regulator'],
    [530, 579, 'anti-caking agent'],
    [600, 699, 'flavour enhancer'],
    [900, 909, 'glazing agent'],
    [910, 929, 'flour treatment agent'],
    [930, 949, 'gas'],
    [950, 969, 'sweetener'],
    [999, 999, 'foaming agent'],
    [1100, 1105, 'enzyme'],
    [1400, 1499, 'modified starch'],
    [1500, 1599, 'carrier'],
  ];
  return ranges.find(([from, to]) => n >= from && n <= to)?.[2] ?? 'other';
}
