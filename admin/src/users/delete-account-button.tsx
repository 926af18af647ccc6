import { useState } from 'react';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import {
  Alert,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Button as MuiButton,
  Stack,
  TextField,
} from '@mui/material';
import { Button, useRecordContext } from 'react-admin';
import { ACCOUNT_DELETION_WORD } from '@labelwise/domain/contracts';
import { useRecordAction } from '../shared/use-record-action';

/**
 * `POST /admin/users/:id/deletion` ({confirm, reason, keepReviews}): deletes the account of a user
 * who asked (by email, say), with the reason the audit trail keeps. Cannot be undone.
 */
export function DeleteAccountButton() {
  const record = useRecordContext();
  const { run, busy } = useRecordAction();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [keepReviews, setKeepReviews] = useState(false);
  const [confirm, setConfirm] = useState('');
  if (!record) return null;
  const ready = reason.trim().length >= 3 && confirm === ACCOUNT_DELETION_WORD;

  function erase(event: React.FormEvent) {
    event.preventDefault();
    setOpen(false);
    void run(
      {
        resource: 'users',
        id: record!.id,
        action: 'deletion',
        body: { confirm, reason: reason.trim(), keepReviews },
      },
      'Account deleted',
    );
  }

  return (
    <>
      <Button label="Delete account" color="error" disabled={busy} onClick={() => setOpen(true)}>
        <DeleteForeverIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)}>
        <form onSubmit={erase}>
          <DialogTitle>Delete account</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1, maxWidth: 420 }}>
              <Alert severity="warning">
                Cancels their Premium, deletes their sign-in and makes their personal data unreadable
                everywhere. This cannot be undone.
              </Alert>
              <TextField
                label="Reason"
                helperText="Kept in the audit trail: say who asked and how (a ticket number), not their email."
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                required
              />
              <FormControlLabel
                control={
                  <Checkbox checked={keepReviews} onChange={(e) => setKeepReviews(e.target.checked)} />
                }
                label='Keep their reviews as "Anonymous User"'
              />
              <TextField
                label={`Type ${ACCOUNT_DELETION_WORD} to confirm`}
                value={confirm}
                onChange={(e) => setConfirm(e.target.value)}
                autoComplete="off"
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <MuiButton onClick={() => setOpen(false)}>Cancel</MuiButton>
            <MuiButton type="submit" variant="contained" color="error" disabled={!ready}>
              Delete account
            </MuiButton>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
