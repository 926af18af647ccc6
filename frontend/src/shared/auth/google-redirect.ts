/** After a Google redirect the result is re-checked 4 more times. */
export const REDIRECT_RECHECK_DELAYS_MS = [800, 1600, 2400, 3200] as const;

/** A Google redirect return carries `code` or `state` in the query, or comes from accounts.google.com. */
export function looksLikeGoogleRedirect(search: string, referrer: string): boolean {
  const params = new URLSearchParams(search);
  return params.has('code') || params.has('state') || referrer.includes('accounts.google.com');
}

/** The URL without the redirect's query parameters, for history.replaceState. */
export function withoutRedirectParams(href: string): string {
  const url = new URL(href);
  url.searchParams.delete('code');
  url.searchParams.delete('state');
  return `${url.pathname}${url.search}${url.hash}`;
}
