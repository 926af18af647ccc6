import type { ReactNode } from 'react';
import { Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { Link } from 'react-admin';

export interface StatCardProps {
  title: string;
  value: number | string;
  detail?: ReactNode;
  /** Where the number comes from, e.g. the reviews list with the matching filter. */
  to?: { pathname: string; search?: string };
}

/** One number on the dashboard, opening the list it counts. */
export function StatCard({ title, value, detail, to }: StatCardProps) {
  const content = (
    <CardContent>
      <Typography variant="overline" component="h2" color="text.secondary">
        {title}
      </Typography>
      <Typography variant="h4" component="p">
        {value}
      </Typography>
      {detail && (
        <Typography variant="body2" color="text.secondary">
          {detail}
        </Typography>
      )}
    </CardContent>
  );
  return (
    <Card sx={{ minWidth: 200, flex: '1 1 200px' }}>
      {to ? (
        <CardActionArea component={Link} to={to}>
          {content}
        </CardActionArea>
      ) : (
        content
      )}
    </Card>
  );
}

/** A list's path with a react-admin filter in its query string. */
export const filtered = (pathname: string, filter: object) => ({
  pathname,
  search: `?filter=${encodeURIComponent(JSON.stringify(filter))}`,
});
