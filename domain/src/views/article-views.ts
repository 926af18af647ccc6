import type { AdminArticleResponse } from '../contracts/admin';
import type { ArticleResponse } from '../contracts/articles';
import type { ArticleDocument } from '../articles/article-document';

/** The article as its page shows it. */
export function articleView({ articleId, fields }: ArticleDocument): ArticleResponse {
  const { title, imageUrl, category, content, summary } = fields;
  return { id: articleId, title, imageUrl, category, content, summary };
}

/** The article as the console edits it. */
export function adminArticleView(article: ArticleDocument): AdminArticleResponse {
  const { title, summary, imageUrl, category, content } = article.fields;
  return {
    id: article.articleId,
    title,
    summary,
    imageUrl,
    category,
    content,
    publishedAt: article.publishedAt,
    withdrawn: article.status === 'withdrawn',
  };
}
