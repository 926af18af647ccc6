import { Box, Paper, Typography } from '@mui/material';
import { paragraphs } from './paragraphs';

export interface ArticlePreviewProps {
  title?: string | null;
  summary?: string | null;
  imageUrl?: string | null;
  content?: string | null;
}

/** How readers will see the article: title, summary, image and one paragraph per blank-line block. */
export function ArticlePreview({ title, summary, imageUrl, content }: ArticlePreviewProps) {
  const blocks = paragraphs(content ?? '');
  return (
    <Paper variant="outlined" sx={{ p: 2, maxWidth: 720 }} aria-label="Preview">
      <Typography variant="overline" color="text.secondary">
        Preview · {blocks.length} {blocks.length === 1 ? 'paragraph' : 'paragraphs'}
      </Typography>
      {title && <Typography variant="h5">{title}</Typography>}
      {summary && (
        <Typography variant="subtitle1" color="text.secondary" gutterBottom>
          {summary}
        </Typography>
      )}
      {imageUrl && (
        <Box component="img" src={imageUrl} alt="" sx={{ maxWidth: '100%', maxHeight: 240, my: 1 }} />
      )}
      {blocks.map((block, index) => (
        <Typography
          key={index}
          component="p"
          variant="body1"
          sx={{ mb: 1.5, whiteSpace: 'pre-line' }}
          data-testid="preview-paragraph"
        >
          {block}
        </Typography>
      ))}
    </Paper>
  );
}
