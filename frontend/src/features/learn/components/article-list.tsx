import { Box, Card, Center, Image, LinkOverlay, SimpleGrid, Skeleton, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useArticles, type ArticleSummary } from '../api/articles';
import { LearnCard } from './learn-card';

function ArticleCard({ article }: { article: ArticleSummary }) {
  const [imageFailed, setImageFailed] = useState(false);
  return (
    <Card.Root overflow="hidden" position="relative" size="sm" height="full">
      {article.imageUrl && !imageFailed ? (
        <Image
          src={article.imageUrl}
          alt=""
          height="36"
          objectFit="cover"
          loading="lazy"
          bg="green.subtle"
          onError={() => setImageFailed(true)}
        />
      ) : (
        <Center height="36" bg="bg.muted" color="fg.muted" fontSize="sm">
          No image available
        </Center>
      )}
      <Card.Body gap="2">
        <Card.Title as="h3">{article.title}</Card.Title>
        {article.summary && <Text color="fg">{article.summary}</Text>}
        <LinkOverlay asChild color="green.fg" fontWeight="semibold" marginTop="auto">
          <Link to={`/article/${article.id}`} aria-label={`Read more: ${article.title}`}>
            Read more →
          </Link>
        </LinkOverlay>
      </Card.Body>
    </Card.Root>
  );
}

export function ArticleList() {
  const { data, isPending, isError } = useArticles();
  return (
    <LearnCard title="Educational Articles">
      {isPending ? (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <Skeleton height="64" />
          <Skeleton height="64" />
        </SimpleGrid>
      ) : isError || data.length === 0 ? (
        <Text color="fg.muted">No articles yet.</Text>
      ) : (
        <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 2 }} gap="4">
          {data.map((article) => (
            <Box as="li" key={article.id}>
              <ArticleCard article={article} />
            </Box>
          ))}
        </SimpleGrid>
      )}
    </LearnCard>
  );
}
