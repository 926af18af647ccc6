import { Box, Text } from '@chakra-ui/react';

/** Announces an analysis under way, and a scan waiting to be saved until the browser is back online. */
export function AnalysisStatus({ analysing, savePaused }: { analysing: boolean; savePaused: boolean }) {
  return (
    <Box aria-live="polite">
      {analysing && (
        <Text role="status" color="fg.muted">
          Analysing ingredients...
        </Text>
      )}
      {savePaused && (
        <Text role="status" color="fg.muted">
          You are offline: this scan will be saved when you are back online.
        </Text>
      )}
    </Box>
  );
}
