import { configure, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import {
  AdminContext,
  defaultI18nProvider,
  Notification,
  RecordContextProvider,
  ResourceContextProvider,
  type DataProvider,
  type RaRecord,
} from 'react-admin';
import { vi } from 'vitest';

// react-admin's first render in jsdom takes seconds on a busy machine.
configure({ asyncUtilTimeout: 5000 });

/** A data provider whose every method is a mock; `updateMany` echoes the ids as react-admin expects. */
export function fakeDataProvider() {
  return {
    getList: vi.fn(async () => ({ data: [], total: 0 })),
    getOne: vi.fn(async () => ({ data: { id: 0 } })),
    getMany: vi.fn(async () => ({ data: [] })),
    getManyReference: vi.fn(async () => ({ data: [], total: 0 })),
    create: vi.fn(async () => ({ data: { id: 0 } })),
    update: vi.fn(async () => ({ data: { id: 0 } })),
    updateMany: vi.fn(async (_resource: string, params: { ids: unknown[] }) => ({ data: params.ids })),
    delete: vi.fn(async () => ({ data: { id: 0 } })),
    deleteMany: vi.fn(async () => ({ data: [] })),
    act: vi.fn(async () => ({})),
    correctBrand: vi.fn(async ({ from, to }: { from: string; to: string; after?: number }, _key: string) => ({
      from,
      to,
      corrected: 0,
      next: null as number | null,
    })),
  };
}

/**
 * Renders `ui` as the console would show it for one record of `resource`, with the notification
 * area (where undoable mutations are sent once their notification closes, here after 100 ms).
 */
export function renderInAdmin(
  ui: ReactNode,
  {
    resource,
    record,
    dataProvider = fakeDataProvider(),
  }: { resource: string; record?: RaRecord; dataProvider?: ReturnType<typeof fakeDataProvider> },
) {
  render(
    <AdminContext dataProvider={dataProvider as unknown as DataProvider} i18nProvider={defaultI18nProvider}>
      <ResourceContextProvider value={resource}>
        <RecordContextProvider value={record}>{ui}</RecordContextProvider>
      </ResourceContextProvider>
      <Notification autoHideDuration={100} />
    </AdminContext>,
  );
  return { dataProvider };
}
