// @vitest-environment jsdom
import { HANDED_OVER_ELEMENT_ID } from '@labelwise/domain/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { peekHandedOver, takeHandedOver } from './handed-over';
import { getJson } from './http-client';

const product = { id: 8, name: 'Oats</script> \u2028 🌾' };

beforeAll(() => {
  // As the server writes it (`<` and line separators as JSON escapes).
  document.head.innerHTML = `<script type="application/json" id="${HANDED_OVER_ELEMENT_ID}">${JSON.stringify({
    '/api/products/8': product,
    '/api/products/9': { id: 9 },
  }).replace(/[<\u2028]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}</script>`;
});

describe('answers handed over with the page', () => {
  it('are seen while the page loads, answer the first GET of their path, and only the first', async () => {
    expect(peekHandedOver('/api/products/8')).toEqual(product);
    await expect(getJson('/api/products/8')).resolves.toEqual(product);
    expect(peekHandedOver('/api/products/8')).toBeUndefined();
    expect(takeHandedOver('/api/products/8')).toBeUndefined();
    expect(takeHandedOver('/api/products/9')).toEqual({ id: 9 });
    expect(takeHandedOver('/api/products/1')).toBeUndefined();
  });
});
