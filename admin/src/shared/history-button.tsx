import HistoryIcon from '@mui/icons-material/History';
import { Button, Link, useRecordContext } from 'react-admin';

/** The audit-trail list of one stream, e.g. `product-12`. */
export const historyPath = (stream: string) => ({
  pathname: '/events',
  search: `?filter=${encodeURIComponent(JSON.stringify({ stream }))}`,
});

/** Opens the event history of the current record's stream (`<stream>-<id>`). */
export function HistoryButton({ stream }: { stream: 'product' | 'review' | 'article' | 'user' }) {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Button component={Link} to={historyPath(`${stream}-${record.id}`)} label="History">
      <HistoryIcon />
    </Button>
  );
}
