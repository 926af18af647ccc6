import { useState, type MouseEvent } from 'react';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Button, useListContext, useRecordContext, type Identifier } from 'react-admin';
import { ReasonDialog } from '../shared/reason-dialog';
import { useModeration } from './use-moderation';

/** Clicks (also inside the dialog, which React bubbles through its portal) must not open the row. */
const keepInside = (event: MouseEvent) => event.stopPropagation();

function HideButton({ ids }: { ids: Identifier[] }) {
  const { moderate, isPending } = useModeration();
  const [asking, setAsking] = useState(false);
  const many = ids.length > 1;
  return (
    <span onClick={keepInside}>
      <Button label="Hide" disabled={isPending || ids.length === 0} onClick={() => setAsking(true)}>
        <VisibilityOffIcon />
      </Button>
      <ReasonDialog
        open={asking}
        title={many ? `Hide ${ids.length} reviews` : 'Hide this review'}
        confirmLabel="Hide"
        onClose={() => setAsking(false)}
        onConfirm={(reason) => {
          setAsking(false);
          moderate(ids, { hidden: true, reason });
        }}
      />
    </span>
  );
}

function RestoreButton({ ids }: { ids: Identifier[] }) {
  const { moderate, isPending } = useModeration();
  return (
    <span onClick={keepInside}>
      <Button
        label="Restore"
        disabled={isPending || ids.length === 0}
        onClick={() => moderate(ids, { hidden: false })}
      >
        <VisibilityIcon />
      </Button>
    </span>
  );
}

/** Hide (with a reason) or restore the current review. */
export function ModerateReviewButton(_props: { label?: string }) {
  const record = useRecordContext();
  if (!record) return null;
  return record.hidden ? <RestoreButton ids={[record.id]} /> : <HideButton ids={[record.id]} />;
}

/** Hide or restore every selected review at once. */
export function ReviewBulkActions() {
  const { selectedIds } = useListContext();
  return (
    <>
      <HideButton ids={selectedIds} />
      <RestoreButton ids={selectedIds} />
    </>
  );
}
