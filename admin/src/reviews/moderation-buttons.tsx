import { useState, type MouseEvent } from 'react';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Button, useListContext, useRecordContext, type Identifier } from 'react-admin';
import { ReasonDialog } from '../shared/reason-dialog';
import { useModeration } from './use-moderation';

/** A click on a moderation button in a list row acts on the review; it must not also open the row. */
const keepInside = (event: MouseEvent) => event.stopPropagation();

function HideButton({ ids }: { ids: Identifier[] }) {
  const { moderate, isPending } = useModeration();
  const [asking, setAsking] = useState(false);
  const many = ids.length > 1;
  return (
    <>
      <Button
        label="Hide"
        disabled={isPending || ids.length === 0}
        onClick={(event) => {
          keepInside(event);
          setAsking(true);
        }}
      >
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
    </>
  );
}

function RestoreButton({ ids }: { ids: Identifier[] }) {
  const { moderate, isPending } = useModeration();
  return (
    <Button
      label="Restore"
      disabled={isPending || ids.length === 0}
      onClick={(event) => {
        keepInside(event);
        moderate(ids, { hidden: false });
      }}
    >
      <VisibilityIcon />
    </Button>
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
