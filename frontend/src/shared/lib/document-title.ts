import { useEffect } from 'react';

export const APP_NAME = 'Labelwise';

/** "Page · Labelwise", or "Labelwise" alone. */
export const documentTitle = (page?: string | null) => (page ? `${page} · ${APP_NAME}` : APP_NAME);

/** Sets the tab title while the screen is shown (undefined: leave it as it is, e.g. still loading). */
export function useDocumentTitle(page: string | null | undefined) {
  useEffect(() => {
    if (page === undefined) return;
    document.title = documentTitle(page);
  }, [page]);
}

/** Sets (or creates) a `<meta property=…>` tag, e.g. Open Graph tags for a shared product link. */
export function useMetaProperties(properties: Record<string, string> | null) {
  const key = properties ? JSON.stringify(properties) : '';
  useEffect(() => {
    if (!key) return;
    for (const [property, content] of Object.entries(JSON.parse(key) as Record<string, string>)) {
      let tag = document.head.querySelector<HTMLMetaElement>(`meta[property="${property}"]`);
      if (!tag) {
        tag = document.createElement('meta');
        tag.setAttribute('property', property);
        document.head.appendChild(tag);
      }
      tag.content = content;
    }
  }, [key]);
}
