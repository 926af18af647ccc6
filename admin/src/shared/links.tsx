import { Link, useRecordContext } from 'react-admin';
import { Typography } from '@mui/material';
import type { MouseEvent } from 'react';

/** A link inside a clickable row opens its own target, not the row's. */
const stopPropagation = (event: MouseEvent) => event.stopPropagation();

/** The product a review or scan is about, with its brand, linking to the product. */
export function ProductLink({
  idSource = 'productId',
  nameSource = 'productName',
  brandSource,
}: {
  idSource?: string;
  nameSource?: string;
  brandSource?: string;
  label?: string;
  sortBy?: string;
  sortable?: boolean;
}) {
  const record = useRecordContext();
  const id = record?.[idSource];
  if (id === undefined || id === null) return null;
  const brand = brandSource ? (record?.[brandSource] as string | null) : null;
  return (
    <Link to={`/products/${id}/show`} onClick={stopPropagation}>
      {(record?.[nameSource] as string | null) ?? `Product ${id}`}
      {brand && (
        <Typography component="span" variant="body2" color="text.secondary">
          {` · ${brand}`}
        </Typography>
      )}
    </Link>
  );
}

/** The author of a review, linking to the user. */
export function UserLink({
  uidSource = 'authorUid',
  nameSource = 'username',
}: {
  uidSource?: string;
  nameSource?: string;
  label?: string;
  sortBy?: string;
}) {
  const record = useRecordContext();
  const uid = record?.[uidSource] as string | undefined;
  if (!uid) return null;
  return (
    <Link to={`/users/${encodeURIComponent(uid)}/show`} onClick={stopPropagation}>
      {(record?.[nameSource] as string | null) ?? uid}
    </Link>
  );
}
