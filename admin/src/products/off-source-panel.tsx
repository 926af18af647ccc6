import { Chip, Link, Stack, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import type { AdminProductResponse } from '@labelwise/domain/contracts';
import { NOVA_GROUP_NAMES } from '@labelwise/domain/contracts';

/** OFF's `last_modified_t` as a date and the raw seconds (what re-imports compare). */
const modified = (seconds: number) => `${new Date(seconds * 1000).toISOString().slice(0, 10)} (${seconds})`;

/**
 * Where an imported product's data comes from: its Open Food Facts record (code, last
 * modification, Nutri-Score, NOVA group, link) and the fields a moderator corrected, which a
 * later import never overwrites.
 */
export function OffSourcePanel(_props: { label?: string }) {
  const product = useRecordContext<AdminProductResponse & { id: number }>();
  if (!product) return null;
  const { off, correctedFields } = product;
  return (
    <Stack spacing={1}>
      {off ? (
        <>
          <Typography variant="body2">OFF code: {off.code}</Typography>
          <Typography variant="body2">last_modified_t: {modified(off.lastModifiedT)}</Typography>
          <Typography variant="body2">
            Nutri-Score: {off.nutriScoreGrade?.toUpperCase() ?? '—'} · NOVA group:{' '}
            {off.novaGroup ? `${off.novaGroup} (${NOVA_GROUP_NAMES[off.novaGroup]})` : '—'}
          </Typography>
          <Link href={off.offUrl} target="_blank" rel="noopener noreferrer" variant="body2">
            Open Food Facts page
          </Link>
        </>
      ) : (
        <Typography color="text.secondary">Not from Open Food Facts</Typography>
      )}
      {product.unratedReason && <Typography variant="body2">Unrated: {product.unratedReason}</Typography>}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2">Corrected by a moderator:</Typography>
        {correctedFields.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            nothing
          </Typography>
        ) : (
          correctedFields.map((field) => (
            <Chip key={field} size="small" color="warning" variant="outlined" label={field} />
          ))
        )}
      </Stack>
    </Stack>
  );
}

/** The edit form's note on a field a moderator corrected. */
export function correctedNote(product: { correctedFields?: string[] } | undefined, field: string) {
  return product?.correctedFields?.includes(field)
    ? 'Corrected: later Open Food Facts imports keep this value'
    : undefined;
}
