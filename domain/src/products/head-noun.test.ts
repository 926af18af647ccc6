import { describe, expect, it } from 'vitest';
import { headNoun } from './head-noun';

describe('headNoun', () => {
  it('is the last word of the name, singular', () => {
    expect(headNoun('Gravy Flavoured Potato Crisps')).toBe('crisp');
    expect(headNoun('Sea Salt Crisp')).toBe('crisp');
    expect(headNoun('Chocolate Hazelnut Spread')).toBe('spread');
    expect(headNoun('Honey Garlic Sausage')).toBe('sausage');
  });

  it('gives a noun’s singular and plural one key', () => {
    for (const [one, many] of [
      ['Cookie', 'Cookies'],
      ['Strawberry', 'Strawberries'],
      ['Peach', 'Peaches'],
      ['Tomato', 'Tomatoes'],
      ['Chip', 'Chips'],
    ])
      expect(headNoun(many!)).toBe(headNoun(one!));
    expect(headNoun('Hummus')).toBe('hummus');
    expect(headNoun('Glass')).toBe('glass');
  });

  it('keeps the word before a head that names another food with it', () => {
    expect(headNoun('Smooth Peanut Butter')).toBe('peanut butter');
    expect(headNoun('Butter Beans')).toBe('butter bean');
    expect(headNoun('Salted Butter')).toBe('butter');
    expect(headNoun('Vanilla Ice Cream')).toBe('ice cream');
    expect(headNoun('Barista Oat Milk')).toBe('oat milk');
    expect(headNoun('nestle mini bars')).toBe('bar');
  });

  it('ends the name at a qualifier, a separator or a "free" claim', () => {
    expect(headNoun('Nutella Hazelnut Spread with Cocoa')).toBe('spread');
    expect(headNoun('Strawberry Jam No Added Sugar')).toBe('jam');
    expect(headNoun('Strawberry Jam Reduced Sugar')).toBe('jam');
    expect(headNoun('Peanut Butter - Crunchy')).toBe('peanut butter');
    expect(headNoun('Quinoa Chips, Wild Paprika')).toBe('chip');
    expect(headNoun('Gluten-Free Bread')).toBe('bread');
    expect(headNoun('Pfiff Chips Western-Style')).toBe('chip');
  });

  it('sets aside the brand, a maker before a comma, describing words and quantities', () => {
    expect(headNoun('Pringles Original', 'Pringles')).toBe('');
    expect(headNoun("Lagg's, herbal tea, peppermint")).toBe('tea');
    expect(headNoun('Lactaid, ice cream, vanilla', 'Lactaid')).toBe('ice cream');
    expect(headNoun('Ginger Ground')).toBe('ginger');
    expect(headNoun('Hot Salsa 150 g')).toBe('salsa');
    expect(headNoun('Crème fraîche')).toBe('fraiche');
  });

  it('is empty when the name names no food word', () => {
    expect(headNoun('')).toBe('');
    expect(headNoun('7 Up')).toBe('');
    expect(headNoun('Стручковая фасоль')).toBe('');
  });
});
