import type { DataDownloadResponse } from '@labelwise/domain';

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
const day = (at: string | null) => (at ? at.slice(0, 10) : 'unknown');

/** The download read aloud: who the account is, and how much of each kind of data it holds. */
export function dataSummary(data: DataDownloadResponse): string {
  const { account, preferences, scans, reviews, votesGiven, subscription, payments, products } = data;
  const analyses = scans.filter((scan) => scan.kind === 'analysis').length;
  const current = subscription.current;
  const lines = [
    `Your Labelwise data, ${day(data.exportedAt)}`,
    '',
    `Account: ${account.email ?? 'no email'}, username ${account.username ?? 'not set'}, since ${day(account.created)}`,
    `Preferences: changed ${plural(preferences.changes.length, 'time')}`,
    `Scans: ${plural(analyses, 'label analysis', 'label analyses')} and ${plural(scans.length - analyses, 'barcode lookup')}`,
    `Reviews: ${plural(reviews.length, 'review')} written, ${plural(votesGiven.length, 'vote')} given`,
    `Membership: ${current ? `Premium (${current.plan}) until ${day(current.cancelsAt ?? current.periodEnd)}` : 'Free'}`,
    `Payments: ${plural(payments.length, 'payment')}`,
    `Products: ${plural(products.length, 'product')} created or labelled`,
    '',
    'Every item is in the full download: Privacy, then Download my data.',
  ];
  return `${lines.join('\n')}\n`;
}
