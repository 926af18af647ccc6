import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { TEXT_LIMITS } from '@labelwise/domain/contracts';

export interface ReasonDialogProps {
  open: boolean;
  title: string;
  confirmLabel: string;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/** Asks why: hiding, removing, withdrawing and suspending all record a reason in the audit trail. */
export function ReasonDialog({ open, title, confirmLabel, onConfirm, onClose }: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const trimmed = reason.trim();

  function confirm(event: React.FormEvent) {
    event.preventDefault();
    if (!trimmed) return;
    onConfirm(trimmed);
    setReason('');
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      // React bubbles a portal's clicks up its component tree: none may reach a clickable list row behind.
      onClick={(event) => event.stopPropagation()}
      fullWidth
      maxWidth="sm"
    >
      <form onSubmit={confirm}>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <TextField
            label="Reason"
            helperText="Recorded in the audit trail"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            // A modal dialog moves focus into itself when it opens (the dialog pattern); its only
            // field is where that focus belongs. The rule is about focus taken from a page.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
            fullWidth
            multiline
            minRows={2}
            margin="dense"
            slotProps={{ htmlInput: { maxLength: TEXT_LIMITS.reason } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={!trimmed}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
