import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ArticleResponse } from '@labelwise/domain/contracts';
import { parsed } from '../../../shared/api/contracts';
import { getJson } from '../../../shared/api/http-client';

export type Article = ArticleResponse;

export const fetchArticle = async (id: number) =>
  parsed((c) => c.articleResponse, getJson(`/api/articles/${id}`));

/** Only fetched when the id is non-zero. */
export const articleQuery = (id: number) =>
  queryOptions({ queryKey: [`/api/articles/${id}`], queryFn: () => fetchArticle(id), enabled: id !== 0 });

export const useArticle = (id: number) => useQuery(articleQuery(id));
