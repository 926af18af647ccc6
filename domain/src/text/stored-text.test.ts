import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import {
  assertStorableText,
  cleanText,
  cleanTextDeep,
  cutText,
  findTextProblem,
  textProblem,
} from './stored-text';

describe('what can be stored of a text', () => {
  it('names a NUL and half a surrogate pair; a whole pair (an emoji) is text', () => {
    expect(textProblem('Oat\u0000s')).toMatch(/^contains a NUL character \(U\+0000\)/);
    expect(textProblem('half \ud83c')).toMatch(/^contains half of a UTF-16 surrogate pair/);
    expect(textProblem('\udc00 low first')).toMatch(/surrogate/);
    expect(textProblem('Café 🍪, \ufffd and \u2028')).toBeNull();
  });

  it('finds the first such string in a JSON value, with its path', () => {
    expect(findTextProblem({ a: 1, list: ['ok', { comment: 'x\u0000' }] })).toMatchObject({
      path: 'list.1.comment',
    });
    expect(findTextProblem({ fine: ['text', 1, null, true] })).toBeNull();
  });

  it('refuses with 400 INVALID_CHARACTERS naming the field', () => {
    expect(() => assertStorableText({ title: '\ud800' }, 'ReviewPosted')).toThrow(DomainError);
    expect(() => assertStorableText({ title: '\ud800' }, 'ReviewPosted')).toThrow(
      /^ReviewPosted title: contains half of a UTF-16 surrogate pair .*\. Remove it and try again\.$/,
    );
    expect(() => assertStorableText({ title: 'fine' })).not.toThrow();
  });

  it('cleans a NUL to a space and half a pair to U+FFFD, and leaves a clean value as it is', () => {
    expect(cleanText('Rye\u0000bread \ud800')).toBe('Rye bread \ufffd');
    const clean = { name: 'Oats', tags: ['a', 'b'], n: 1 };
    expect(cleanTextDeep(clean)).toBe(clean);
    expect(cleanTextDeep({ name: 'Oat\u0000s', tags: ['a', '\udc00'], n: 1 })).toEqual({
      name: 'Oat s',
      tags: ['a', '\ufffd'],
      n: 1,
    });
  });

  it('cuts to a limit in UTF-16 code units, never in half a surrogate pair', () => {
    expect(cutText('abc', 5)).toBe('abc');
    expect(cutText('abcdef', 3)).toBe('abc');
    expect(cutText('ab🍪', 3)).toBe('ab');
    expect(cutText('ab🍪', 4)).toBe('ab🍪');
  });
});
