import { z } from 'zod';
import { adminUserSortColumns } from '@labelwise/projections/queries';
import { booleanFilter, idList, searchTerm, tableList } from '../http/list-query';

export const userList = tableList({
  filter: z.strictObject({
    id: idList(z.string().max(128)),
    q: searchTerm,
    premium: booleanFilter.optional(),
    suspended: booleanFilter.optional(),
  }),
  sortColumns: adminUserSortColumns,
  defaultSort: ['registeredAt', 'DESC'],
});
