import type { RuntimeConfigResponse } from '@labelwise/domain/contracts';
import { parsed } from './contracts';

export type RuntimeConfig = RuntimeConfigResponse;

let pending: Promise<RuntimeConfig> | undefined;

/** The backend decides ports, Firebase project and payment mode at run time; fetched once per page load. */
export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  pending ??= fetch('/api/config', { credentials: 'include' })
    .then(async (response) => {
      if (!response.ok)
        throw new Error(`${response.status}: ${(await response.text()) || response.statusText}`);
      return parsed((c) => c.runtimeConfigResponse, response.json());
    })
    .catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
  return pending;
}
