import { useState } from 'react';
import StarIcon from '@mui/icons-material/Star';
import {
  Button as MuiButton,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { Button, useRecordContext } from 'react-admin';
import { useRecordAction } from '../shared/use-record-action';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** `POST /admin/users/:id/premium` ({plan, periodEnd}): grants or extends an admin-provided Premium. */
export function GrantPremiumButton({ disabled }: { disabled?: boolean }) {
  const record = useRecordContext();
  const { run, busy } = useRecordAction();
  const [open, setOpen] = useState(false);
  const [plan, setPlan] = useState<'monthly' | 'yearly'>('monthly');
  const [periodEnd, setPeriodEnd] = useState(() => inDays(31));
  if (!record) return null;

  function grant(event: React.FormEvent) {
    event.preventDefault();
    setOpen(false);
    void run(
      { resource: 'users', id: record!.id, action: 'premium', body: { plan, periodEnd } },
      'Premium granted',
    );
  }

  return (
    <>
      <Button label="Grant Premium" disabled={disabled || busy} onClick={() => setOpen(true)}>
        <StarIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)}>
        <form onSubmit={grant}>
          <DialogTitle>Grant Premium</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1, minWidth: 300 }}>
              <TextField
                select
                label="Plan"
                value={plan}
                onChange={(e) => setPlan(e.target.value as 'monthly' | 'yearly')}
              >
                <MenuItem value="monthly">Monthly</MenuItem>
                <MenuItem value="yearly">Yearly</MenuItem>
              </TextField>
              <TextField
                type="date"
                label="Premium until"
                value={periodEnd}
                onChange={(e) => setPeriodEnd(e.target.value)}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: inDays(1) } }}
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <MuiButton onClick={() => setOpen(false)}>Cancel</MuiButton>
            <MuiButton type="submit" variant="contained" disabled={!periodEnd}>
              Grant
            </MuiButton>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
