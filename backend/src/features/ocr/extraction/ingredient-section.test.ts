import { describe, expect, it } from 'vitest';
import type { OcrLine } from './ocr-page';
import { findIngredientSection } from './ingredient-section';

const lines = (...texts: string[]): OcrLine[] => texts.map((text) => ({ text, height: 20, confidence: 90 }));
const section = (...texts: string[]) =>
  findIngredientSection(lines(...texts))?.lines.map((line) => line.text.trim());

describe('findIngredientSection', () => {
  it('starts after the heading, on its line, and stops at what packs print after the list', () => {
    expect(
      section(
        'Tomato Ketchup',
        'Ingredients: Tomatoes, Vinegar,',
        'Sugar. Allergy Advice: see bold.',
        'Store cool.',
      ),
    ).toEqual(['Tomatoes, Vinegar,', 'Sugar.']);
  });

  it.each([
    'Allergy advice: none',
    'Contains: milk',
    'May contain traces of nuts',
    'Nutrition: Energy 1420kJ',
    'Storage: keep dry',
    'Best before: see cap',
  ])('stops at "%s"', (stop) => {
    expect(section('INGREDIENTS:', 'Oats, Salt.', stop, 'Sugar')).toEqual(['Oats, Salt.']);
  });

  it.each([
    ['Ingrédients : Avoine, sel.', 'Conserver dans un endroit frais et sec.'],
    ['Zutaten: Hafer, Salz.', 'Kühl und trocken lagern.'],
    ['Ingredientes: Avena, sal.', 'Consumir preferentemente antes del: ver tapa.'],
    ['Ingredienti: Avena, sale.', 'Da consumarsi preferibilmente entro: vedi tappo.'],
    ['Ingrediënten: Haver, zout.', 'Ten minste houdbaar tot: zie dop.'],
    ['Ingrédients : Avoine, sel.', 'Peut contenir des traces de fruits à coque.'],
    ['Zutaten: Hafer, Salz.', 'Kann Spuren von Schalenfrüchten enthalten.'],
    ['Ingredientes: Avena, sal.', 'Puede contener trazas de frutos de cáscara.'],
    ['Ingredienti: Avena, sale.', 'Può contenere tracce di frutta a guscio.'],
    ['Ingrediënten: Haver, zout.', 'Kan sporen van noten bevatten.'],
  ])(
    'stops at the storage, date or "may contain" statement of a label in its language: %s %s',
    (list, stop) => {
      const onlyTheList = /^(Avoine, sel|Hafer, Salz|Avena, sal|Avena, sale|Haver, zout)\.$/;
      expect(section(list, stop)?.join(' ')).toMatch(onlyTheList);
      expect(section(`${list} ${stop}`)?.join(' ')).toMatch(onlyTheList);
    },
  );

  it('reads OCR-damaged headings (lngredients, INGREDIENT5)', () => {
    expect(section('lngredients: Oats, Salt')).toEqual(['Oats, Salt']);
    expect(section('INGREDIENT5: Oats, Salt')).toEqual(['Oats, Salt']);
  });

  it('keeps "contain" inside the list and percentages after "contains"', () => {
    expect(
      section('Ingredients: Herb Extracts (contain Celery), Juice', 'Contains less than 2% Salt, Spice'),
    ).toEqual(['Herb Extracts (contain Celery), Juice', 'Contains less than 2% Salt, Spice']);
  });

  it('takes a comma-separated block when there is no heading, and nothing from plain prose', () => {
    expect(section('Water, Sugar, Salt, Yeast', 'Best before end')).toEqual(['Water, Sugar, Salt, Yeast']);
    expect(section('Hello there', 'Nice day')).toBeUndefined();
  });
});
