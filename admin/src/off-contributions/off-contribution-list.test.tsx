// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminOffContributionResponse } from '@labelwise/domain/contracts';
import { fakeDataProvider, renderInAdmin } from '../../testing/render-in-admin';
import { OffContributionList } from './off-contribution-list';

afterEach(cleanup);

const sent: AdminOffContributionResponse = {
  id: '12-0',
  productId: 12,
  kind: 'created',
  barcode: '5000112548167',
  productName: 'Crunchy Oat Bar',
  brand: 'Oat Works',
  state: 'sent',
  attempts: 2,
  httpStatus: 200,
  answer: '{"status":1,"status_verbose":"fields saved"}',
  queuedAt: '2026-11-27T10:00:00.000Z',
  updatedAt: '2026-11-27T10:02:00.000Z',
  nextAttemptAt: null,
};

const queued: AdminOffContributionResponse = {
  ...sent,
  id: '13-0',
  productId: 13,
  kind: 'label',
  barcode: '0000105000011',
  productName: null,
  brand: null,
  state: 'queued',
  attempts: 0,
  httpStatus: null,
  answer: null,
  queuedAt: '2026-11-27T11:00:00.000Z',
  updatedAt: '2026-11-27T11:00:30.000Z',
  nextAttemptAt: '2026-11-27T11:00:00.000Z',
};

function consoleWith(rows: AdminOffContributionResponse[], { offContribute }: { offContribute: boolean }) {
  const dataProvider = fakeDataProvider();
  dataProvider.getList.mockResolvedValue({ data: rows, total: rows.length } as never);
  dataProvider.getOne.mockImplementation((async (resource: string) => ({
    data: resource === 'config' ? { id: 'runtime', offContribute } : { id: 0 },
  })) as never);
  renderInAdmin(<OffContributionList />, { resource: 'off-contributions', dataProvider });
  return dataProvider;
}

const offNotice = /Contributions to Open Food Facts are off/;

describe('Sent to Open Food Facts', () => {
  it('lists each label with its product, state in words, attempts and what OFF answered, newest first', async () => {
    const dataProvider = consoleWith([queued, sent], { offContribute: true });
    const sentRow = (await screen.findByText(sent.barcode!)).closest('tr')!;
    expect(within(sentRow).getByRole('link', { name: 'Crunchy Oat Bar' }).getAttribute('href')).toBe(
      '#/products/12/show',
    );
    expect(within(sentRow).getByText('Oat Works')).toBeTruthy();
    expect(within(sentRow).getByText('Sent')).toBeTruthy();
    expect(sentRow.textContent).toContain('HTTP 200: fields saved');
    expect(sentRow.textContent).toContain(new Date(sent.updatedAt!).toLocaleString());

    const queuedRow = screen.getByText(queued.barcode!).closest('tr')!;
    expect(within(queuedRow).getByText('Queued')).toBeTruthy();
    expect(within(queuedRow).getByRole('link', { name: 'Product 13' })).toBeTruthy();
    // Not tried yet: no last attempt, and the next try is when it was queued.
    expect(queuedRow.textContent).not.toContain(new Date(queued.updatedAt!).toLocaleString());
    expect(queuedRow.textContent).toContain(new Date(queued.nextAttemptAt!).toLocaleString());

    expect(dataProvider.getList).toHaveBeenCalledWith(
      'off-contributions',
      expect.objectContaining({ sort: { field: 'queuedAt', order: 'DESC' } }),
    );
    expect(screen.queryByText(offNotice)).toBeNull();
  });

  it('shows a refused label as refused, with OFF’s reason or why it was not sent', async () => {
    consoleWith(
      [
        {
          ...sent,
          id: '14-0',
          state: 'rejected',
          attempts: 1,
          answer: '{"status":0,"status_verbose":"no code or invalid code"}',
        },
        {
          ...sent,
          id: '15-0',
          barcode: '5000112548174',
          state: 'rejected',
          attempts: 1,
          httpStatus: null,
          answer: 'Not sent: the product was removed',
        },
      ],
      { offContribute: true },
    );
    const [byOff, notSent] = (await screen.findAllByText('Refused')).map((chip) => chip.closest('tr')!);
    expect(byOff!.textContent).toContain('HTTP 200: no code or invalid code');
    expect(notSent!.textContent).toContain('Not sent: the product was removed');
    expect(notSent!.textContent).not.toContain('HTTP');
  });

  it('says plainly that contributions are off and how to turn them on', async () => {
    consoleWith([], { offContribute: false });
    expect((await screen.findByText(offNotice)).textContent).toContain('OFF_CONTRIBUTE=true');
    expect(
      await screen.findByText('No user has agreed to share a label with Open Food Facts yet.'),
    ).toBeTruthy();
  });
});
