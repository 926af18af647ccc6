// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminReadReplicaResponse } from '@labelwise/domain/contracts';
import { ReadReplicaHealth } from './read-replicas';

afterEach(cleanup);

const replica = (overrides: Partial<AdminReadReplicaResponse>): AdminReadReplicaResponse => ({
  id: 'replica 1',
  name: 'replica 1',
  state: 'in use',
  lagSeconds: 0.1,
  address: 'replica-1.internal:5432/labelwise',
  error: null,
  reads: 0,
  ...overrides,
});

const panel = () => screen.getByRole('status', { name: 'Read replicas' });

describe('ReadReplicaHealth', () => {
  it('shows nothing without replicas: every read is the primary’s', () => {
    render(<ReadReplicaHealth replicas={[]} />);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('names the replica in use and each replica’s state and lag', () => {
    render(
      <ReadReplicaHealth
        replicas={[
          replica({ reads: 1204 }),
          replica({ id: 'replica 2', name: 'replica 2', state: 'lagging', lagSeconds: 12.34 }),
        ]}
      />,
    );
    expect(panel().textContent).toContain(
      `Read tables are read from replica 1 (replica-1.internal:5432/labelwise), 0.1 s behind; ${(1204).toLocaleString()} reads since the API process started`,
    );
    expect(within(panel()).getByText('replica 2: lagging, 12.3 s behind')).toBeTruthy();
  });

  it('says the primary answers when no replica is fit, with why on each', () => {
    render(
      <ReadReplicaHealth
        replicas={[replica({ state: 'down', lagSeconds: null, error: 'connect ECONNREFUSED 10.0.0.5:5432' })]}
      />,
    );
    expect(panel().textContent).toContain(
      'Read tables are read from the primary: no replica is fit to answer',
    );
    expect(within(panel()).getByText('replica 1: down').closest('[title]')?.getAttribute('title')).toBe(
      'connect ECONNREFUSED 10.0.0.5:5432',
    );
  });
});
