import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { ArrayField, Datagrid, DateField, FunctionField, useRecordContext } from 'react-admin';
import type { AdminUserDetailResponse } from '@labelwise/domain/contracts';
import { FlagField, RatingChip } from '../shared/chips';
import { ProductLink } from '../shared/links';
import { Stars } from '../shared/stars';

/** The user's latest scans (they have no id of their own, so a plain table). */
export function UserScans(_props: { label?: string }) {
  const scans = useRecordContext<AdminUserDetailResponse>()?.scans ?? [];
  if (scans.length === 0) return <Typography color="text.secondary">No scans yet</Typography>;
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          <TableCell>Product</TableCell>
          <TableCell>Rating</TableCell>
          <TableCell>Scanned</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {scans.map((scan) => (
          <TableRow key={`${scan.productId}-${scan.scannedAt}`}>
            <TableCell>
              {[scan.productName ?? `Product ${scan.productId}`, scan.productBrand]
                .filter(Boolean)
                .join(' · ')}
            </TableCell>
            <TableCell>
              <RatingChip rating={scan.rating} />
            </TableCell>
            <TableCell>{new Date(scan.scannedAt).toLocaleString()}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The user's latest reviews; a row opens the review for moderation. */
export function UserReviews(_props: { label?: string }) {
  return (
    <ArrayField source="reviews">
      <Datagrid
        resource="reviews"
        rowClick="show"
        bulkActionButtons={false}
        empty={<Typography color="text.secondary">No reviews yet</Typography>}
      >
        <ProductLink label="Product" />
        <Stars label="Stars" />
        <FunctionField label="Review" render={(r) => [r.title, r.comment].filter(Boolean).join(' — ')} />
        <FlagField source="hidden" label="" text="Hidden" />
        <DateField source="createdAt" label="Posted" />
      </Datagrid>
    </ArrayField>
  );
}
