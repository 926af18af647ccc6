import { useState, type ReactElement } from 'react';
import { Button, useRecordContext, useResourceContext } from 'react-admin';
import type { RecordAction } from '../data/data-provider';
import { ReasonDialog } from './reason-dialog';
import { useRecordAction } from './use-record-action';

export interface RecordActionButtonProps {
  label: string;
  icon?: ReactElement;
  /** The command, e.g. `remove` for `POST /admin/products/:id/remove`. */
  action: string;
  method?: RecordAction['method'];
  /** When set, a reason is asked first (this is the dialog's title) and sent as `{ ...body, reason }`. */
  askReason?: string;
  body?: unknown;
  success: string;
  disabled?: boolean;
}

/** Runs a command on the current record (remove, withdraw, suspend, ...) and refreshes the view. */
export function RecordActionButton(props: RecordActionButtonProps) {
  const { label, icon, action, method, askReason, body, success, disabled } = props;
  const record = useRecordContext();
  const resource = useResourceContext() ?? '';
  const { run, busy } = useRecordAction();
  const [asking, setAsking] = useState(false);
  if (!record) return null;

  const execute = (payload: unknown) =>
    run({ resource, id: record.id, action, method, body: payload }, success);

  return (
    <>
      <Button
        label={label}
        disabled={disabled || busy}
        onClick={() => (askReason ? setAsking(true) : void execute(body))}
      >
        {icon}
      </Button>
      {askReason && (
        <ReasonDialog
          open={asking}
          title={askReason}
          confirmLabel={label}
          onClose={() => setAsking(false)}
          onConfirm={(reason) => {
            setAsking(false);
            void execute({ ...(body as object | undefined), reason });
          }}
        />
      )}
    </>
  );
}
