/** The trimmed, URL-encoded search path, or null for a blank term. */
export function searchPath(term: string): string | null {
  const trimmed = term.trim();
  return trimmed ? `/search?q=${encodeURIComponent(trimmed)}` : null;
}
