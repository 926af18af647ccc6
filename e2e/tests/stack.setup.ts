import { expect, test } from '../fixtures';
import { STACKS, stackFromEnv, type StackName } from '../stacks';

/**
 * The first project of the run (every other depends on it, and the timing project follows it as
 * its teardown, once every other test has finished): both stacks global setup started answer,
 * with their read sides caught up with the starter catalogue.
 */
for (const name of Object.keys(STACKS) as StackName[]) {
  test(`the ${name} stack is up, its projections caught up`, async () => {
    const res = await fetch(`${stackFromEnv(name).baseURL}/api/health`);
    expect(res.status).toBe(200);
    const health = (await res.json()) as {
      database: { ok: boolean };
      projections: Array<{ name: string; lagEvents: number }>;
    };
    expect(health.database.ok).toBe(true);
    expect(health.projections.length).toBeGreaterThan(0);
    expect(health.projections.filter((projection) => projection.lagEvents > 0)).toEqual([]);
  });
}
