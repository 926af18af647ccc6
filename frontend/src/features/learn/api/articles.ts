import { queryOptions, useQuery } from '@tanstack/react-query';
import { articleSummaryListResponse, type ArticleSummaryResponse } from '@labelwise/domain/contracts';
import { getJson } from '../../../shared/api/http-client';

export type ArticleSummary = ArticleSummaryResponse;

const ARTICLES_PATH = '/api/articles';

export const fetchArticles = async () => articleSummaryListResponse.parse(await getJson(ARTICLES_PATH));

export const articlesQuery = () => queryOptions({ queryKey: [ARTICLES_PATH], queryFn: fetchArticles });

export const useArticles = () => useQuery(articlesQuery());
