import { fetchUtils, type DataProvider } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import {
  adminBrandCorrectionResponse,
  adminDashboardResponse,
  adminOffSyncResponse,
  type AdminBrandCorrectionResponse,
} from '@labelwise/domain/contracts';
import { idToken } from '../auth/firebase';
import { loadRuntimeConfig } from '../auth/runtime-config';

export const API_URL = '/api/admin';

/** fetchJson with the signed-in administrator's bearer ID token. */
export async function authorizedFetch(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  const token = await idToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return fetchUtils.fetchJson(url, { ...options, headers });
}

const rest = simpleRestProvider(API_URL, authorizedFetch);

/** A command on one record that is not a plain update: `POST /admin/products/12/remove` and the like. */
export interface RecordAction {
  resource: string;
  id: string | number;
  action: string;
  method?: 'POST' | 'DELETE';
  body?: unknown;
}

export interface AdminDataProvider extends DataProvider {
  /** Runs a record action and answers the record as it is afterwards. */
  act<T = Record<string, unknown>>(action: RecordAction): Promise<T>;
  /**
   * Respells a brand on one batch of the catalogue's products (`POST /admin/brands/corrections`);
   * the answer's `next` is the next batch's `after`. A retry with the same `idempotencyKey`
   * corrects nothing twice and answers what the first attempt did.
   */
  correctBrand(
    correction: { from: string; to: string; after?: number },
    idempotencyKey: string,
  ): Promise<AdminBrandCorrectionResponse>;
}

export const dataProvider: AdminDataProvider = {
  ...rest,
  getList(resource, params) {
    // The audit trail needs a stream; without one there is nothing to ask the server.
    if (resource === 'events' && !params.filter?.stream) return Promise.resolve({ data: [], total: 0 });
    return rest.getList(resource, params);
  },
  async getOne(resource, params) {
    // The dashboard is one record (`id: 'today'`) served at `/admin/dashboard`.
    if (resource === 'dashboard') {
      const dashboard = adminDashboardResponse.parse((await authorizedFetch(`${API_URL}/dashboard`)).json);
      // react-admin asks for its own record type; this resource's record is the dashboard contract.
      return { data: dashboard as never };
    }
    // So is the sync of OFF's deltas (`id: 'last'`), at `/admin/off-sync`.
    if (resource === 'off-sync') {
      const sync = adminOffSyncResponse.parse((await authorizedFetch(`${API_URL}/off-sync`)).json);
      return { data: { id: 'last', ...sync } as never };
    }
    // And the server's public settings (`id: 'runtime'`), at `/api/config`, read once per page load.
    if (resource === 'config') return { data: { id: 'runtime', ...(await loadRuntimeConfig()) } as never };
    return rest.getOne(resource, params);
  },
  updateMany(resource, params) {
    // A moderated review's record names its reason `hiddenReason`; the command takes `reason`.
    if (resource === 'reviews') {
      const { hiddenReason: _, ...moderation } = params.data as Record<string, unknown>;
      return rest.updateMany(resource, { ...params, data: moderation });
    }
    return rest.updateMany(resource, params);
  },
  async act({ resource, id, action, method = 'POST', body }) {
    const url = `${API_URL}/${resource}/${encodeURIComponent(String(id))}/${action}`;
    const init = body === undefined ? { method } : { method, body: JSON.stringify(body) };
    return (await authorizedFetch(url, init)).json;
  },
  async correctBrand(correction, idempotencyKey) {
    const { json } = await authorizedFetch(`${API_URL}/brands/corrections`, {
      method: 'POST',
      body: JSON.stringify(correction),
      headers: { Accept: 'application/json', 'Idempotency-Key': idempotencyKey },
    });
    return adminBrandCorrectionResponse.parse(json);
  },
};
