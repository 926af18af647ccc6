import { analyseIngredients } from '@labelwise/domain/contracts';
import { describe, expect, it } from 'vitest';
import { exampleByKey } from './examples';
import { initialScanState, scanReducer, type ScanAction, type ScanState } from './scan-state';

const run = (actions: ScanAction[], from: ScanState = initialScanState) => actions.reduce(scanReducer, from);
const rated = (key: 'green' | 'amber' | 'red') => ({
  type: 'exampleRated' as const,
  key,
  result: analyseIngredients(exampleByKey(key).ingredients),
});

describe('scan page state', () => {
  it('an example fills the sample and, when its timer fires, shows its rating as a preview', () => {
    const picked = run([{ type: 'pickExample', key: 'red' }]);
    expect(picked.ingredients).toBe(exampleByKey('red').ingredients);
    expect(picked.example).toBe('red');
    expect(picked.result).toBeNull();
    const shown = run([rated('red')], picked);
    expect(shown.phase).toBe('done');
    expect(shown.resultKind).toBe('example');
    expect(shown.result?.rating).toBe('red');
  });

  it('editing the text clears the example selection, and a late example timer then changes nothing', () => {
    const edited = run([
      { type: 'pickExample', key: 'green' },
      { type: 'ingredients', value: 'Oats, salt' },
    ]);
    expect(edited.example).toBeNull();
    expect(run([rated('green')], edited)).toBe(edited);
  });

  it('a timer for an example no longer selected changes nothing', () => {
    const state = run([
      { type: 'pickExample', key: 'green' },
      { type: 'pickExample', key: 'amber' },
    ]);
    expect(run([rated('green')], state)).toBe(state);
  });

  it('analyse keeps a matching example, goes through analysing, then shows the analysis', () => {
    const analysing = run([{ type: 'pickExample', key: 'amber' }, { type: 'analyse' }]);
    expect(analysing.phase).toBe('analysing');
    expect(analysing.example).toBe('amber');
    const result = analyseIngredients(analysing.ingredients);
    const done = run([{ type: 'analysed', result }], analysing);
    expect(done).toMatchObject({ phase: 'done', resultKind: 'analysis', example: 'amber' });
  });

  it('analyse clears an example whose text was changed (set directly, e.g. by extraction)', () => {
    const state = { ...run([{ type: 'pickExample', key: 'amber' }]), ingredients: 'Water' };
    expect(run([{ type: 'analyse' }], state).example).toBeNull();
  });

  it('an extracted label fills the form, keeping typed names when the label has none', () => {
    const state = run([
      { type: 'productName', value: 'My bread' },
      { type: 'pickExample', key: 'green' },
      { type: 'extracted', ingredients: 'Flour, water', productName: null, brandName: 'Baker Street' },
    ]);
    expect(state).toMatchObject({
      ingredients: 'Flour, water',
      productName: 'My bread',
      brandName: 'Baker Street',
      example: null,
      result: null,
    });
  });
});
