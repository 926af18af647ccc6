/**
 * The run's two app stacks: one API and projection worker each, on one PostgreSQL (a database
 * each) and one Auth Emulator. Every test uses `shared` unless it asks for `screens`
 * (`test.use({ stackName: 'screens' })`): only the screen sweep does, so the catalogue its
 * baselines show stays the starter set as imported, whatever other tests add, review or scan, in
 * whatever order and on however many workers they run.
 */
export const STACKS = {
  shared: { database: 'labelwise_e2e', envPrefix: 'E2E_' },
  screens: { database: 'labelwise_e2e_screens', envPrefix: 'E2E_SCREENS_' },
} as const;

export type StackName = keyof typeof STACKS;

/** Where a stack answers, as global setup hands it to the workers through their environment. */
export function stackEnv(name: StackName, stack: { baseURL: string; databaseUrl: string }) {
  const prefix = STACKS[name].envPrefix;
  return { [`${prefix}BASE_URL`]: stack.baseURL, [`${prefix}DATABASE_URL`]: stack.databaseUrl };
}

export function stackFromEnv(name: StackName) {
  const prefix = STACKS[name].envPrefix;
  return {
    baseURL: process.env[`${prefix}BASE_URL`]!,
    databaseUrl: process.env[`${prefix}DATABASE_URL`]!,
    authEmulatorHost: process.env.E2E_AUTH_EMULATOR_HOST!,
    projectId: process.env.E2E_PROJECT_ID!,
  };
}
