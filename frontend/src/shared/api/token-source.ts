/**
 * The API client needs the signed-in user's ID token, but Firebase is loaded lazily by the auth
 * provider. The provider registers a token source here once Firebase knows the auth state.
 */
export interface TokenSource {
  /** Resolves once the provider knows whether a user is signed in. */
  ready(): Promise<void>;
  hasUser(): boolean;
  getIdToken(forceRefresh: boolean): Promise<string>;
}

let source: TokenSource | undefined;
let announce: (() => void) | undefined;
const registered = new Promise<void>((resolve) => {
  announce = resolve;
});

export function registerTokenSource(next: TokenSource): void {
  source = next;
  announce?.();
}

export async function currentTokenSource(): Promise<TokenSource> {
  await registered;
  await source!.ready();
  return source!;
}
