import { z } from 'zod';
import { importRunSortColumns } from '@labelwise/projections/queries';
import { idList, searchTerm, tableList } from '../http/list-query';

export const importRunList = tableList({
  filter: z.strictObject({
    id: idList(z.string().max(64)),
    q: searchTerm,
    state: z.enum(['running', 'completed', 'interrupted', 'failed']).optional(),
  }),
  sortColumns: importRunSortColumns,
  defaultSort: ['startedAt', 'DESC'],
});
