/** Article content is split into paragraphs at blank lines, as the consumer app renders it. */
export const paragraphs = (content: string) =>
  content
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);

/** The fields `POST /admin/articles` requires and `PUT /admin/articles/:id` accepts. */
export const ARTICLE_FIELDS = ['title', 'summary', 'imageUrl', 'category', 'content'] as const;
