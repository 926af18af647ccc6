import { z } from 'zod/mini';

const runtimeConfigSchema = z.object({
  firebase: z.object({ apiKey: z.string(), authDomain: z.string(), projectId: z.string() }),
  authEmulatorUrl: z.nullable(z.string()),
  payments: z.object({ mode: z.enum(['stripe', 'test']), publishableKey: z.nullable(z.string()) }),
  scanLimit: z.number(),
});

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

let pending: Promise<RuntimeConfig> | undefined;

/** The backend decides ports, Firebase project and payment mode at run time; fetched once per page load. */
export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  pending ??= fetch('/api/config', { credentials: 'include' })
    .then(async (response) => {
      if (!response.ok)
        throw new Error(`${response.status}: ${(await response.text()) || response.statusText}`);
      return runtimeConfigSchema.parse(await response.json());
    })
    .catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
  return pending;
}
