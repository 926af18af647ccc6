// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeDataProvider, renderInAdmin } from '../testing/render-in-admin';
import { ImportRunList, skippedByReason } from './import-run-list';

afterEach(cleanup);

const run = {
  id: 'run-1',
  source: 'en.openfoodfacts.org.products.csv.gz',
  format: 'csv',
  state: 'interrupted',
  startedAt: '2026-11-24T06:00:00.000Z',
  finishedAt: '2026-11-24T06:10:00.000Z',
  rowsRead: 120000,
  imported: 110000,
  updated: 5000,
  unchanged: 3000,
  skipped: { 'no barcode': 1500, 'not food': 0, 'no name': 500, malformed: 0 },
  skippedTotal: 2000,
  error: null,
};

describe('Import runs', () => {
  it('lists each run with its source, state, counts and skips by reason, newest first', async () => {
    const dataProvider = fakeDataProvider();
    dataProvider.getList.mockResolvedValue({ data: [run], total: 1 } as never);
    renderInAdmin(<ImportRunList />, { resource: 'import-runs', dataProvider });
    const row = (await screen.findByText(run.source)).closest('tr')!;
    expect(within(row).getByText('interrupted')).toBeTruthy();
    expect(row.textContent).toContain((110000).toLocaleString());
    expect(row.textContent).toContain(
      `${(2000).toLocaleString()} (${(1500).toLocaleString()} no barcode, 500 no name)`,
    );
    expect(dataProvider.getList).toHaveBeenCalledWith(
      'import-runs',
      expect.objectContaining({ sort: { field: 'startedAt', order: 'DESC' } }),
    );
  });

  it('says none when nothing was skipped', () => {
    expect(skippedByReason({ 'no barcode': 0, malformed: 0 })).toBe('none');
  });
});
