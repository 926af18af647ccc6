import { useRecordContext } from 'react-admin';

/** A review's 1–5 stars. */
export function Stars({ source = 'rating' }: { source?: string; label?: string; sortBy?: string }) {
  const record = useRecordContext();
  const stars = Number(record?.[source] ?? 0);
  return <span aria-label={`${stars} stars`}>{'★'.repeat(stars) + '☆'.repeat(Math.max(0, 5 - stars))}</span>;
}
