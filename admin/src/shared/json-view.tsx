import { Box } from '@mui/material';

/** An event payload or any JSON value, pretty-printed. */
export function JsonView({ value }: { value: unknown }) {
  return (
    <Box
      component="pre"
      sx={{
        m: 0,
        fontSize: 12,
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-word',
        maxWidth: 640,
        fontFamily: 'monospace',
      }}
    >
      {JSON.stringify(value, null, 2)}
    </Box>
  );
}
