/** OFF's product images live in a folder built from the barcode: 13+ digits split 3/3/3/rest. */
export function offImageFolder(code: string): string {
  if (!/^\d+$/.test(code)) return code;
  const padded = code.length < 13 ? code.padStart(13, '0') : code;
  const match = /^(\d{3})(\d{3})(\d{3})(\d+)$/.exec(padded);
  return match ? match.slice(1).join('/') : padded;
}

export function offImageUrl(
  code: string,
  imageId: string,
  rev: string | number,
  size: '200' | '400' = '400',
): string {
  return `https://images.openfoodfacts.org/images/products/${offImageFolder(code)}/${imageId}.${rev}.${size}.jpg`;
}

type ImageRef = { rev?: unknown };

function revOf(ref: unknown): string | null {
  const rev = (ref as ImageRef | null)?.rev;
  if (typeof rev === 'number' && Number.isInteger(rev)) return String(rev);
  if (typeof rev === 'string' && /^\d+$/.test(rev)) return rev;
  return null;
}

/**
 * The front image of a JSONL product document: English first, then the product's language,
 * then any. Knows both shapes OFF has used: `images.selected.front.<lc>` (current) and
 * `images.front_<lc>` (older).
 */
export function frontImageUrl(code: string, images: unknown, lang: string | null): string | null {
  if (images === null || typeof images !== 'object') return null;
  const all = images as Record<string, unknown>;
  const selected = (all.selected as Record<string, unknown> | undefined)?.front;
  const candidates: [string, string][] = [];
  if (selected && typeof selected === 'object') {
    for (const [lc, ref] of Object.entries(selected as Record<string, unknown>)) {
      const rev = revOf(ref);
      if (rev) candidates.push([lc, rev]);
    }
  }
  for (const [key, ref] of Object.entries(all)) {
    const lc = /^front_([a-z]{2,3})$/.exec(key)?.[1];
    const rev = lc ? revOf(ref) : null;
    if (lc && rev) candidates.push([lc, rev]);
  }
  const preferred =
    candidates.find(([lc]) => lc === 'en') ?? candidates.find(([lc]) => lc === lang) ?? candidates[0];
  return preferred ? offImageUrl(code, `front_${preferred[0]}`, preferred[1]) : null;
}
