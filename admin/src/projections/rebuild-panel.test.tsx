// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { RebuildJob } from './rebuild-jobs';
import { RebuildPanel } from './rebuild-panel';

afterEach(cleanup);

/** Counts are shown in the browser's locale. */
const n = (count: number) => count.toLocaleString();

const job = (overrides: Partial<RebuildJob>): RebuildJob => ({
  id: 'r1',
  projections: ['product_cards', 'reviews'],
  state: 'running',
  startedBy: 'admin-uid',
  startedAt: '2026-11-24T06:00:00.000Z',
  finishedAt: null,
  progress: null,
  completed: [],
  error: null,
  ...overrides,
});

const panel = () => screen.getByRole('status', { name: 'Rebuild progress' });

describe('RebuildPanel', () => {
  it('shows nothing before any rebuild', () => {
    render(<RebuildPanel job={undefined} />);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows the running projection, its phase and a bar at the replayed share', () => {
    render(
      <RebuildPanel
        job={job({
          completed: [{ name: 'product_cards', processed: 1200, seconds: 3.2 }],
          progress: {
            projection: 'reviews',
            phase: 'replaying',
            processed: 250,
            total: 1000,
            eventsPerSecond: 500,
          },
        })}
      />,
    );
    expect(panel().textContent).toContain(
      `Rebuilding product_cards, reviews (1/2 done) · reviews: replaying, 250 of ${n(1000)} events`,
    );
    expect(within(panel()).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
  });

  it('shows an indeterminate bar until the first progress arrives', () => {
    render(<RebuildPanel job={job({})} />);
    expect(panel().textContent).toContain('Rebuilding product_cards, reviews (0/2 done)');
    expect(within(panel()).getByRole('progressbar').hasAttribute('aria-valuenow')).toBe(false);
  });

  it('lists what each projection replayed and how long it took once done', () => {
    render(
      <RebuildPanel
        job={job({
          state: 'done',
          completed: [
            { name: 'product_cards', processed: 12345, seconds: 3.21 },
            { name: 'reviews', processed: 80, seconds: 12.6 },
          ],
        })}
      />,
    );
    expect(panel().textContent).toContain(
      `Rebuild done: product_cards (${n(12345)} events, 3.2 s), reviews (80 events, 13 s)`,
    );
  });

  it('says why a rebuild failed', () => {
    render(
      <RebuildPanel job={job({ state: 'failed', error: 'relation "reviews_shadow" does not exist' })} />,
    );
    expect(panel().textContent).toContain(
      'Rebuild of product_cards, reviews failed: relation "reviews_shadow" does not exist',
    );
  });
});
