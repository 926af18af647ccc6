import { GenericContainer, Wait, getContainerRuntimeClient } from 'testcontainers';

const IMAGE = 'kurrentplatform/kurrentdb:25.0';
const PORT = 2113;

export type EventStoreDbTestServer =
  { connectionString: string; stop(): Promise<void> } | { skipped: string };

/**
 * The server the EventStoreDB contract suite runs against: EVENTSTORE_CONNECTION_STRING when
 * set, else a KurrentDB container through Testcontainers when a Docker engine answers, else
 * the reason it cannot run here.
 */
export async function eventStoreDbTestServer(): Promise<EventStoreDbTestServer> {
  const configured = process.env.EVENTSTORE_CONNECTION_STRING;
  if (configured) return { connectionString: configured, stop: async () => {} };
  try {
    await getContainerRuntimeClient();
  } catch (error) {
    const why = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return {
      skipped: `EVENTSTORE_CONNECTION_STRING is not set and Testcontainers found no Docker engine (${why})`,
    };
  }
  const container = await new GenericContainer(IMAGE)
    .withExposedPorts(PORT)
    .withEnvironment({
      KURRENTDB_CLUSTER_SIZE: '1',
      KURRENTDB_INSECURE: 'true',
      KURRENTDB_RUN_PROJECTIONS: 'None',
    })
    .withStartupTimeout(120_000)
    .withWaitStrategy(Wait.forHealthCheck())
    .start();
  return {
    connectionString: `esdb://${container.getHost()}:${container.getMappedPort(PORT)}?tls=false`,
    stop: async () => void (await container.stop()),
  };
}
