/** "2 no barcode, 1 malformed": the skip reasons that skipped anything. */
export function skippedByReason(skipped: Record<string, number>): string {
  const parts = Object.entries(skipped)
    .filter(([, count]) => count > 0)
    .map(([reason, count]) => `${count.toLocaleString()} ${reason}`);
  return parts.length > 0 ? parts.join(', ') : 'none';
}
