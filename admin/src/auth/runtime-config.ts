/** The part of `/api/config` the console needs: which Firebase project, and the emulator when it runs locally. */
export interface RuntimeConfig {
  firebase: { apiKey: string; authDomain: string; projectId: string };
  authEmulatorUrl: string | null;
}

function isRuntimeConfig(value: unknown): value is RuntimeConfig {
  const config = value as Partial<RuntimeConfig> | null;
  return (
    typeof config?.firebase?.apiKey === 'string' &&
    typeof config.firebase.projectId === 'string' &&
    (config.authEmulatorUrl === null || typeof config.authEmulatorUrl === 'string')
  );
}

let pending: Promise<RuntimeConfig> | undefined;

/** The same runtime configuration the consumer app reads: the backend decides ports and project at run time. */
export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  pending ??= fetch('/api/config')
    .then(async (response) => {
      if (!response.ok) throw new Error(`Could not load the configuration (${response.status})`);
      const config: unknown = await response.json();
      if (!isRuntimeConfig(config)) throw new Error('The server sent an unexpected configuration');
      return config;
    })
    .catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
  return pending;
}
