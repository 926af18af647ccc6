import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pageOf, parseListQuery } from './list-query';

const listQuery = (params: Record<string, string>) =>
  parseListQuery(params, {
    filter: z.strictObject({}),
    sortFields: ['revision'],
    defaultSort: ['revision', 'ASC'],
  });
const rows = [1, 2, 3, 4, 5];

describe('pageOf', () => {
  it('pages rows held in ascending order as asked, with the total of the whole list', () => {
    const query = listQuery({ range: '[1,2]' });
    expect(pageOf(rows, query)).toEqual({ rows: [2, 3], total: 5 });
  });

  it('reverses them for a descending sort without touching the given array', () => {
    const query = listQuery({ sort: '["revision","DESC"]', range: '[0,1]' });
    expect(pageOf(rows, query)).toEqual({ rows: [5, 4], total: 5 });
    expect(rows).toEqual([1, 2, 3, 4, 5]);
  });

  it('answers an empty page past the end', () => {
    const query = listQuery({ range: '[10,14]' });
    expect(pageOf(rows, query)).toEqual({ rows: [], total: 5 });
  });
});
