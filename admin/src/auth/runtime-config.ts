import { runtimeConfigResponse, type RuntimeConfigResponse } from '@labelwise/domain/contracts';

/**
 * The part of `/api/config` the console needs: which Firebase project, the emulator when it runs
 * locally, and whether labels are given back to Open Food Facts.
 */
export type RuntimeConfig = Pick<RuntimeConfigResponse, 'firebase' | 'authEmulatorUrl' | 'offContribute'>;

let pending: Promise<RuntimeConfig> | undefined;

/** The same runtime configuration the consumer app reads: the backend decides ports and project at run time. */
export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  pending ??= fetch('/api/config')
    .then(async (response) => {
      if (!response.ok) throw new Error(`Could not load the configuration (${response.status})`);
      const config = runtimeConfigResponse.safeParse(await response.json());
      if (!config.success) throw new Error('The server sent an unexpected configuration');
      return config.data;
    })
    .catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
  return pending;
}
