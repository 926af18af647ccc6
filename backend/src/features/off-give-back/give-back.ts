import type { Kysely } from 'kysely';
import { streams, isValidGtin, productDecider } from '@labelwise/domain';
import { loadState, type EventStore } from '@labelwise/event-store';
import type { Database } from '@labelwise/projections';
import { findQueuedLabel } from '@labelwise/projections/queries';
import { OffUnavailable, type OffProductAnswer } from '../off-live';
import {
  claimDueContribution,
  recordContribution,
  takeNewContributions,
  type ContributionSend,
  withSendsTable,
} from './contribution-sends';
import {
  postToOff,
  type OffContributionFields,
  type OffWriteApiOptions,
  type OffWriteOutcome,
} from './off-write-api';

export interface GiveBackDeps {
  db: Kysely<Database>;
  store: EventStore;
  clock: () => Date;
}

export interface GiveBackOptions {
  write: OffWriteApiOptions;
  /** OFF's read API, asked after a restart whether a send that lost its answer arrived. */
  read: (code: string) => Promise<OffProductAnswer>;
  /** An attempt still `sending` after this long died with its process (longer than the write's timeout). */
  leaseMs: number;
  /** Attempts before giving up on OFF being down. */
  maxAttempts: number;
  /** Stops between labels, and aborts the POST under way without recording it (as a kill would). */
  signal?: AbortSignal;
}

export interface GiveBackSummary {
  sent: number;
  rejected: number;
  retrying: number;
  failed: number;
}

const MINUTE = 60_000;
/** The wait before attempt `n + 1`: a minute, doubling, at most six hours. */
export const retryDelayMs = (attempts: number) => Math.min(MINUTE * 2 ** (attempts - 1), 360 * MINUTE);

/**
 * One pass of the sender: takes the labels the outbox gained, then sends every due one, one at a
 * time. At most once per label version in effect: a send whose answer was lost (the process died
 * after the POST left) is not sent again if OFF's read API already shows its fields.
 */
export async function sendDueContributions(
  deps: GiveBackDeps,
  options: GiveBackOptions,
): Promise<GiveBackSummary> {
  const db = withSendsTable(deps.db);
  const summary: GiveBackSummary = { sent: 0, rejected: 0, retrying: 0, failed: 0 };
  await takeNewContributions(db, deps.clock());
  for (;;) {
    if (options.signal?.aborted) break;
    const row = await claimDueContribution(db, deps.clock(), options.leaseMs);
    if (!row) break;
    const outcome = await attempt(deps, options, row);
    if (outcome === 'stopped') break;
    summary[outcome] += 1;
  }
  return summary;
}

type AttemptOutcome = keyof GiveBackSummary | 'stopped';

async function attempt(
  deps: GiveBackDeps,
  options: GiveBackOptions,
  row: ContributionSend,
): Promise<AttemptOutcome> {
  const db = withSendsTable(deps.db);
  const record = (outcome: Parameters<typeof recordContribution>[2]) =>
    recordContribution(db, row, outcome, deps.clock());
  const prepared = await fieldsToSend(deps, row);
  if ('notSent' in prepared) {
    await record({ state: 'rejected', answer: `Not sent: ${prepared.notSent}` });
    return 'rejected';
  }
  const { fields, productName } = prepared;
  const shown = { barcode: fields.code, product_name: productName };

  if (row.state === 'sending') {
    const arrived = await alreadyAtOff(options, fields);
    if (arrived === true) {
      await record({
        ...shown,
        state: 'sent',
        answer: 'Confirmed by OFF’s read API after a restart (not sent again)',
      });
      return 'sent';
    }
    if (arrived !== false)
      return retryOrGiveUp(deps, options, row, shown, { kind: 'retry', httpStatus: null, answer: arrived });
  }

  let outcome;
  try {
    outcome = await postToOff(options.write, fields, options.signal);
  } catch (error) {
    if (options.signal?.aborted) return 'stopped';
    throw error;
  }
  if (outcome.kind === 'saved') {
    await record({ ...shown, state: 'sent', http_status: outcome.httpStatus, answer: outcome.answer });
    return 'sent';
  }
  if (outcome.kind === 'rejected') {
    await record({ ...shown, state: 'rejected', http_status: outcome.httpStatus, answer: outcome.answer });
    return 'rejected';
  }
  return retryOrGiveUp(deps, options, row, shown, outcome);
}

/** OFF may take it later: queued again after the back-off, or given up after the last attempt. */
async function retryOrGiveUp(
  deps: GiveBackDeps,
  options: GiveBackOptions,
  row: ContributionSend,
  shown: Pick<ContributionSend, 'barcode' | 'product_name'>,
  failure: Extract<OffWriteOutcome, { kind: 'retry' }>,
): Promise<AttemptOutcome> {
  const db = withSendsTable(deps.db);
  const now = deps.clock();
  const attempts = row.attempts + 1;
  const tried = { ...shown, http_status: failure.httpStatus };
  if (attempts >= options.maxAttempts) {
    const answer = `Gave up after ${attempts} attempts: ${failure.answer}`;
    await recordContribution(db, row, { ...tried, state: 'failed', answer }, now);
    return 'failed';
  }
  const retryAt = new Date(now.getTime() + retryDelayMs(attempts));
  await recordContribution(
    db,
    row,
    { ...tried, state: 'queued', answer: failure.answer, next_attempt_at: retryAt },
    now,
  );
  return 'retrying';
}

/**
 * The fields to send, from the product as its stream says now: a product removed since, or one
 * without a real barcode, is not sent. A label given to an import sends only its ingredients (the
 * product's name and brand are OFF's own).
 */
async function fieldsToSend(
  deps: GiveBackDeps,
  row: ContributionSend,
): Promise<{ fields: OffContributionFields; productName: string } | { notSent: string }> {
  const product = await loadState(deps.store, productDecider, streams.product(row.product_id));
  if (product.status !== 'listed') return { notSent: 'the product was removed' };
  const label = await findQueuedLabel(deps.db, row.product_id, row.label_version);
  if (!label) return { notSent: 'the label is no longer in the outbox' };
  const code = label.barcode ?? product.off?.code ?? product.fields.barcode;
  if (!isValidGtin(code)) return { notSent: `${code} is not a real barcode` };
  const typed =
    label.kind === 'created' ? { productName: label.product_name ?? '', brands: label.brand ?? '' } : {};
  return {
    productName: label.product_name ?? product.fields.name,
    fields: { code, ingredientsTextEn: label.ingredients, ...typed },
  };
}

/** Whether OFF already has these fields for the code: true, false, or why it could not tell. */
async function alreadyAtOff(
  options: GiveBackOptions,
  fields: OffContributionFields,
): Promise<boolean | string> {
  try {
    const answer = await options.read(fields.code);
    if (answer.kind === 'not found') return false;
    const { doc } = answer;
    return (
      doc.ingredients_text_en === fields.ingredientsTextEn &&
      (fields.productName === undefined || doc.product_name === fields.productName)
    );
  } catch (error) {
    if (error instanceof OffUnavailable)
      return `OFF's read API could not tell whether it arrived: ${error.message}`;
    throw error;
  }
}
