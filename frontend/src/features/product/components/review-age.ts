const DAY_MS = 24 * 60 * 60 * 1000;

const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();

/** A review's age: Today, Yesterday, N days ago under 7 days, N weeks ago under 30 days, else a date. */
export function reviewAgeLabel(createdAt: string | Date, now: Date = new Date()): string {
  const created = new Date(createdAt);
  const days = Math.round((startOfDay(now) - startOfDay(created)) / DAY_MS);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days < 7) return `${days} days ago`;
  if (days < 30) return `${Math.floor(days / 7)} weeks ago`;
  return created.toLocaleDateString();
}
