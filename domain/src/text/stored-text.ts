import { invalid } from '../errors';

/**
 * What can be stored of a text. PostgreSQL holds neither a NUL (U+0000) nor half of a UTF-16
 * surrogate pair, in a text column or in jsonb: text from people is refused when it holds one
 * (`textProblem`, `assertStorableText`), text from Open Food Facts and from older events is
 * cleaned (`cleanText`). How long each text may be is `TEXT_LIMITS`; `cutText` cuts to it.
 */

/** Why a text cannot be stored as it is (a NUL, half a surrogate pair), or null when it can. */
export function textProblem(value: string): string | null {
  if (value.includes('\0')) return 'contains a NUL character (U+0000), which cannot be stored';
  if (!value.isWellFormed())
    return 'contains half of a UTF-16 surrogate pair (U+D800 to U+DFFF alone), which is not text';
  return null;
}

/**
 * Whether `value` (a JSON value) holds a string that cannot be stored. Allocates nothing. Keys are
 * not looked at: the schemas a value passes keep only the keys they name.
 */
function holdsUnstorableText(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\0') || !value.isWellFormed();
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) {
    for (const item of value) if (holdsUnstorableText(item)) return true;
    return false;
  }
  for (const key in value) if (holdsUnstorableText((value as Record<string, unknown>)[key])) return true;
  return false;
}

/** The first string in `value` (a JSON value) that cannot be stored, with where it is, or null. */
export function findTextProblem(value: unknown, path = ''): { path: string; problem: string } | null {
  if (!holdsUnstorableText(value)) return null;
  if (typeof value === 'string') return { path, problem: textProblem(value)! };
  const at = (key: string | number) => (path === '' ? String(key) : `${path}.${key}`);
  const entries = Array.isArray(value) ? value.entries() : Object.entries(value as object);
  for (const [key, item] of entries) {
    const found = findTextProblem(item, at(key));
    if (found) return found;
  }
  return null;
}

/** Refuses (400 `INVALID_CHARACTERS`, naming the field) a value holding a string that cannot be stored. */
export function assertStorableText(value: unknown, what?: string): void {
  const found = findTextProblem(value);
  if (!found) return;
  const where = [what, found.path].filter(Boolean).join(' ');
  throw invalid(
    'INVALID_CHARACTERS',
    `${where ? `${where}: ` : ''}${found.problem}. Remove it and try again.`,
  );
}

/**
 * The text with what cannot be stored replaced: a NUL by a space (as Open Food Facts' CSV export
 * writes every control character), half a surrogate pair by U+FFFD (as broken UTF-8 decodes), so
 * a product reads the same whichever export it came from. Returns `value` itself when clean.
 */
export function cleanText(value: string): string {
  const wellFormed = value.isWellFormed() ? value : value.toWellFormed();
  return wellFormed.includes('\0') ? wellFormed.replaceAll('\0', ' ') : wellFormed;
}

/**
 * A JSON value with every string cleaned (`cleanText`), keys included. Returns `value` itself when
 * nothing needed cleaning, so a clean payload costs no copy.
 */
export function cleanTextDeep<T>(value: T): T {
  if (typeof value === 'string') return cleanText(value) as T;
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item, i) => {
      const cleaned = cleanTextDeep(item);
      if (cleaned !== item) (copy ??= [...value])[i] = cleaned;
    });
    return (copy ?? value) as T;
  }
  let changed = false;
  const entries = Object.entries(value).map(([key, item]) => {
    const entry = [cleanText(key), cleanTextDeep(item)] as const;
    if (entry[0] !== key || entry[1] !== item) changed = true;
    return entry;
  });
  return changed ? (Object.fromEntries(entries) as T) : value;
}

/** At most `limit` UTF-16 code units of `value`, never ending in half a surrogate pair. */
export function cutText(value: string, limit: number): string {
  if (value.length <= limit) return value;
  const cut = value.slice(0, limit);
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}
