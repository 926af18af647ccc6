// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeDataProvider, renderInAdmin } from '../../testing/render-in-admin';
import { ImportRunList } from './import-run-list';
import { skippedByReason } from './skipped-by-reason';

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

  it('shows the last sync of the daily deltas, its counts and the next due, above the runs', async () => {
    const dataProvider = fakeDataProvider();
    dataProvider.getOne.mockResolvedValue({
      data: {
        id: 'last',
        schedule: 'daily',
        lastSync: {
          startedAt: '2026-11-27T03:00:00.000Z',
          finishedAt: '2026-11-27T03:04:00.000Z',
          state: 'completed',
          applied: ['openfoodfacts_products_1_2.json.gz', 'openfoodfacts_products_2_3.json.gz'],
          rowsRead: 5000,
          imported: 1200,
          updated: 3500,
          unchanged: 200,
          skipped: { 'no barcode': 0, 'not food': 100, 'no name': 0, malformed: 0 },
          skippedTotal: 100,
          gap: null,
          error: null,
        },
        nextDueAt: '2026-11-28T03:00:00.000Z',
      },
    } as never);
    renderInAdmin(<ImportRunList />, { resource: 'import-runs', dataProvider });
    const panel = await screen.findByText(/^Last sync/);
    expect(panel.textContent).toContain(': completed, 2 delta(s) applied;');
    expect(panel.textContent).toContain(`${(1200).toLocaleString()} new, ${(3500).toLocaleString()} updated`);
    expect(panel.textContent).toContain('skipped 100 (100 not food)');
    expect(panel.textContent).toContain(
      `Next sync due ${new Date('2026-11-28T03:00:00.000Z').toLocaleString()}.`,
    );
    expect(dataProvider.getOne).toHaveBeenCalledWith('off-sync', expect.objectContaining({ id: 'last' }));
  });

  it('says none when nothing was skipped', () => {
    expect(skippedByReason({ 'no barcode': 0, malformed: 0 })).toBe('none');
  });
});
