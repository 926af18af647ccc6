import { describe, expect, it } from 'vitest';
import { paragraphs } from './paragraphs';

describe('paragraphs', () => {
  it('splits at blank lines and keeps single line breaks inside a paragraph', () => {
    expect(paragraphs('First line\nstill first\n\nSecond\n   \nThird')).toEqual([
      'First line\nstill first',
      'Second',
      'Third',
    ]);
  });

  it('drops empty paragraphs', () => {
    expect(paragraphs('\n\n\nOnly\n\n\n')).toEqual(['Only']);
    expect(paragraphs('')).toEqual([]);
  });
});
