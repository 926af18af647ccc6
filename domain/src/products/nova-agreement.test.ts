import { describe, expect, it } from 'vitest';
import { processingDisagreement } from './nova-agreement';

describe('processingDisagreement', () => {
  it('says nothing when our level and the NOVA group agree, or one is unknown', () => {
    expect(processingDisagreement('minimal', 1)).toBeNull();
    expect(processingDisagreement('moderate', 3)).toBeNull();
    expect(processingDisagreement('high', 4)).toBeNull();
    expect(processingDisagreement('high', null)).toBeNull();
    expect(processingDisagreement(null, 4)).toBeNull();
  });

  it('says plainly how they differ', () => {
    expect(processingDisagreement('minimal', 4)).toBe(
      'Our analysis finds this product minimally processed, while Open Food Facts puts it in NOVA group 4 (ultra-processed foods). The two read the ingredient list differently.',
    );
    expect(processingDisagreement('high', 3)).toMatch(
      /highly processed, while .* NOVA group 3 \(processed foods\)/,
    );
  });
});
