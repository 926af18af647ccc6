import { Badge, Heading, Image, Skeleton, SkeletonText, Stack, Text } from '@chakra-ui/react';
import { useParams } from 'react-router-dom';
import { useDocumentTitle } from '../../shared/lib/document-title';
import { BackButton } from '../../shared/ui/back-button';
import { PageContainer } from '../../shared/ui/page-container';
import { useArticle } from './api/article';
import { paragraphs } from './components/paragraphs';

const FALLBACK_IMAGE = '/article-fallback.svg';

export function ArticlePage() {
  const id = Number(useParams().id) || 0;
  const { data: article, isLoading } = useArticle(id);
  useDocumentTitle(isLoading ? undefined : (article?.title ?? 'Article not found'));

  return (
    <PageContainer maxWidth="3xl">
      <Stack gap="5">
        <div>
          <BackButton />
        </div>
        {isLoading ? (
          <Stack gap="5" role="status" aria-label="Loading article">
            <Skeleton height="64" borderRadius="xl" />
            <Skeleton height="9" width="80%" />
            <SkeletonText noOfLines={6} gap="3" />
          </Stack>
        ) : !article ? (
          <Heading as="h1" size="xl">
            Article not found
          </Heading>
        ) : (
          <Stack as="article" gap="5">
            <Image
              src={article.imageUrl || FALLBACK_IMAGE}
              alt=""
              borderRadius="xl"
              maxHeight="80"
              width="full"
              objectFit="cover"
              bg="green.subtle"
              onError={(event) => {
                if (!event.currentTarget.src.endsWith(FALLBACK_IMAGE))
                  event.currentTarget.src = FALLBACK_IMAGE;
              }}
            />
            <Stack gap="2">
              <Heading as="h1" size="3xl">
                {article.title}
              </Heading>
              {article.category && (
                <div>
                  <Badge colorPalette="green">{article.category}</Badge>
                </div>
              )}
            </Stack>
            {paragraphs(article.content).map((paragraph, index) => (
              <Text key={index} fontSize="lg" lineHeight="tall" whiteSpace="pre-line">
                {paragraph}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
    </PageContainer>
  );
}
