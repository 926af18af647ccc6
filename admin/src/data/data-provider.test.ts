import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from './data-provider';

vi.mock('../auth/firebase', () => ({ idToken: vi.fn(async () => 'admin-token') }));

const fetchMock = vi.fn<typeof fetch>();

function answer(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}) {
  fetchMock.mockResolvedValueOnce(
    new Response(JSON.stringify(body), {
      status: init.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...init.headers },
    }),
  );
}

const lastRequest = () => {
  const [url, init] = fetchMock.mock.lastCall!;
  return { url: decodeURIComponent(String(url)), init: init!, headers: new Headers(init!.headers) };
};

const listParams = (filter: Record<string, unknown> = {}) => ({
  pagination: { page: 3, perPage: 10 },
  sort: { field: 'createdAt', order: 'DESC' as const },
  filter,
});

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('admin data provider', () => {
  it('asks for a page by range with the bearer token and reads the total from Content-Range', async () => {
    answer([{ id: 21 }, { id: 22 }], { headers: { 'Content-Range': 'reviews 20-29/42' } });
    const page = await dataProvider.getList('reviews', listParams({ hidden: true }));

    expect(page).toEqual({ data: [{ id: 21 }, { id: 22 }], total: 42 });
    const { url, headers } = lastRequest();
    expect(url).toBe('/api/admin/reviews?filter={"hidden":true}&range=[20,29]&sort=["createdAt","DESC"]');
    expect(headers.get('Range')).toBe('reviews=20-29');
    expect(headers.get('Authorization')).toBe('Bearer admin-token');
  });

  it('refuses a list answered without Content-Range', async () => {
    answer([{ id: 1 }]);
    await expect(dataProvider.getList('products', listParams())).rejects.toThrow(
      'The Content-Range header is missing',
    );
  });

  it('asks nothing for the event history until a stream is chosen', async () => {
    await expect(dataProvider.getList('events', listParams())).resolves.toEqual({ data: [], total: 0 });
    expect(fetchMock).not.toHaveBeenCalled();

    answer([{ id: 'e1' }], { headers: { 'Content-Range': 'events 20-20/21' } });
    const page = await dataProvider.getList('events', listParams({ stream: 'review-3' }));
    expect(page.total).toBe(21);
  });

  it('reads the dashboard as one record at /admin/dashboard', async () => {
    const dashboard = {
      id: 'today',
      generatedAt: '2026-11-24T06:00:00.000Z',
      reviews: { waiting: 4, hidden: 1, visible: 20, waitingSince: '2026-11-23T06:00:00.000Z' },
      products: { newToday: 2, listed: 12, removed: 0, since: '2026-11-24T00:00:00.000Z' },
      users: { total: 9, premium: 1, suspended: 0 },
      scans: { today: 31 },
      projections: { healthy: true, items: [] },
    };
    answer(dashboard);
    const { data } = await dataProvider.getOne('dashboard', { id: 'today' });
    expect(data).toEqual(dashboard);
    expect(lastRequest().url).toBe('/api/admin/dashboard');
  });

  it('reads the last sync of OFF deltas as one record at /admin/off-sync', async () => {
    const sync = { schedule: 'off', lastSync: null, nextDueAt: null };
    answer(sync);
    const { data } = await dataProvider.getOne('off-sync', { id: 'last' });
    expect(data).toEqual({ id: 'last', ...sync });
    expect(lastRequest().url).toBe('/api/admin/off-sync');
  });

  it("reads the server's public settings as one record at /api/config", async () => {
    const config = {
      firebase: { apiKey: 'demo-api-key', authDomain: 'demo.firebaseapp.com', projectId: 'demo' },
      authEmulatorUrl: null,
      payments: { mode: 'test', publishableKey: null },
      scanLimit: 10,
      offContribute: true,
    };
    answer(config);
    const { data } = await dataProvider.getOne('config', { id: 'runtime' });
    expect(data).toEqual({ id: 'runtime', ...config });
    expect(String(fetchMock.mock.lastCall![0])).toBe('/api/config');
  });

  it('posts a record action with its body and answers the record afterwards', async () => {
    answer({ id: 12, removed: true });
    const record = await dataProvider.act({
      resource: 'products',
      id: 12,
      action: 'remove',
      body: { reason: 'Duplicate' },
    });
    expect(record).toEqual({ id: 12, removed: true });
    const { url, init, headers } = lastRequest();
    expect(url).toBe('/api/admin/products/12/remove');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"reason":"Duplicate"}');
    expect(headers.get('Authorization')).toBe('Bearer admin-token');
  });

  it("moderates reviews with the command body: the reason as `reason`, without the record's `hiddenReason`", async () => {
    answer({ id: 'r1', hidden: true });
    await dataProvider.updateMany('reviews', {
      ids: ['r1'],
      data: { hidden: true, reason: 'Spam', hiddenReason: 'Spam' },
    });
    const { url, init } = lastRequest();
    expect(url).toBe('/api/admin/reviews/r1');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({ hidden: true, reason: 'Spam' });
  });

  it("rejects a refused action with the API's message", async () => {
    answer({ error: 'CONFLICT', message: 'The review is already hidden' }, { status: 409 });
    await expect(dataProvider.act({ resource: 'reviews', id: 3, action: 'hide' })).rejects.toThrow(
      'The review is already hidden',
    );
  });
});
