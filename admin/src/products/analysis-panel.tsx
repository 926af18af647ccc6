import { Chip, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import type { AnalysisSummary } from '@labelwise/domain/contracts';
import { RatingChip } from '../shared/chips';

/** The analyser's verdict stored with the product: rating, processing level, additives and concerns. */
export function AnalysisPanel(_props: { label?: string }) {
  const analysis = useRecordContext()?.analysis as AnalysisSummary | null | undefined;
  if (!analysis) return <Typography color="text.secondary">No analysis</Typography>;
  const concerns = analysis.concerns;
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <RatingChip rating={analysis.rating} />
        <Chip size="small" variant="outlined" label={`Processing: ${analysis.processingLevel}`} />
        <Chip size="small" variant="outlined" label={`${analysis.additiveCount} additives`} />
        {analysis.isUltraProcessed && (
          <Chip size="small" color="error" variant="outlined" label="Ultra-processed" />
        )}
        {!analysis.isUltraProcessed && analysis.isProcessed && (
          <Chip size="small" variant="outlined" label="Processed" />
        )}
      </Stack>
      {analysis.processingReason && (
        <Typography variant="body2" color="text.secondary">
          {analysis.processingReason}
        </Typography>
      )}
      {concerns.length > 0 && (
        <List dense disablePadding>
          {concerns.map((concern) => (
            <ListItem key={concern.name} disableGutters>
              <ListItemText
                primary={`${concern.name} (${concern.severity} concern)`}
                secondary={concern.reason}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Stack>
  );
}
