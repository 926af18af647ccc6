import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openFoodFactsDir } from '../paths';
import { buildAdditives, familyCode, parseCsv, renderOffModules } from './render-off-modules';

const sources = {
  additivesCsv: readFileSync(join(openFoodFactsDir, 'additives.csv'), 'utf8'),
  novaMarkersJson: readFileSync(join(openFoodFactsDir, 'nova-markers.json'), 'utf8'),
};
const noMarkers = {
  '2': { categories: [] },
  '3': { ingredients: [], categories: [], additives: [] },
  '4': { ingredients: [], additives: [] },
};
const header = 'tag,e_number,name_en,classes,efsa_overexposure_risk,anses_of_interest\n';

describe('renderOffModules', () => {
  it('reproduces the committed generated modules (rerun scripts/generate-off-data.ts after changing the sources)', () => {
    for (const [file, content] of Object.entries(renderOffModules(sources))) {
      expect(readFileSync(join(import.meta.dirname, '..', 'generated', file), 'utf8'), file).toBe(content);
    }
  });
});

describe('parseCsv', () => {
  it('reads quoted fields with commas, doubled quotes and CRLF line ends', () => {
    expect(parseCsv('a,b\r\n"x, y","say ""hi"""\r\n')).toEqual([{ a: 'x, y', b: 'say "hi"' }]);
  });
});

describe('buildAdditives', () => {
  it('grades severity: EFSA high → high, moderate → medium, ANSES of interest → medium, else low', () => {
    const csv = `${header}en:e900,E900,A,,high,\nen:e901,E901,B,,moderate,\nen:e902,E902,C,,,yes\nen:e903,E903,D,,no,\n`;
    expect(buildAdditives(csv, noMarkers).map((a) => a.severity)).toEqual([
      'high',
      'medium',
      'medium',
      'low',
    ]);
  });

  it('applies the spec override for E951 whatever OFF says', () => {
    const [aspartame] = buildAdditives(`${header}en:e951,E951,Aspartame,sweetener,,\n`, noMarkers);
    expect(aspartame).toMatchObject({
      severity: 'high',
      functionalClass: 'sweetener',
      category: 'sweetener',
    });
  });

  it('takes label names and abbreviations from the English name and the alias list', () => {
    const [bha] = buildAdditives(
      `${header}en:e320,E320,Butylated hydroxyanisole (bha),antioxidant,,\n`,
      noMarkers,
    );
    expect(bha!.names).toEqual(['butylated hydroxyanisole', 'bha']);
    const [lecithin] = buildAdditives(`${header}en:e322,E322,Lecithins,emulsifier,,\n`, noMarkers);
    expect(lecithin!.names).toContain('soy lecithin');
  });

  it('records the NOVA group whose additive markers list the code', () => {
    const markers = { ...noMarkers, '4': { ingredients: [], additives: ['en:e471'] } };
    const [e471] = buildAdditives(
      `${header}en:e471,E471,Mono- and diglycerides of fatty acids,emulsifier,,\n`,
      markers,
    );
    expect(e471!.novaGroup).toBe(4);
  });

  it('maps sub-indices to their family', () => {
    expect(familyCode('E450iii')).toBe('E450');
    expect(familyCode('E160a')).toBe('E160a');
  });
});
