import { describe, expect, it } from 'vitest';
import { formatTable, truncate } from './format-table';

describe('formatTable', () => {
  it('pads columns to their widest cell under a rule', () => {
    expect(
      formatTable(
        ['NAME', 'LAG'],
        [
          ['product_cards', '0'],
          ['x', '12345'],
        ],
      ),
    ).toBe(
      ['NAME           LAG', '-------------  -----', 'product_cards  0', 'x              12345'].join('\n'),
    );
  });
});

describe('truncate', () => {
  it('keeps short text, shortens long text to one line with an ellipsis', () => {
    expect(truncate('short', 10)).toBe('short');
    expect(truncate('a\nlong   error message', 10)).toBe('a long er…');
  });
});
