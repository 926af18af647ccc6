import { useRef, useState } from 'react';
import SpellcheckIcon from '@mui/icons-material/Spellcheck';
import {
  Alert,
  Button as MuiButton,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { Button, useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { TEXT_LIMITS, type AdminBrandResponse } from '@labelwise/domain/contracts';
import type { AdminDataProvider } from '../data/data-provider';
import { errorMessage } from '../shared/error-message';

const productCount = (n: number) => `${n} listed product${n === 1 ? '' : 's'}`;

/**
 * "Correct spelling" of the brand in the row: every listed product spelt as the row gets the
 * spelling typed. A retry of the same spelling after a failure sends the same Idempotency-Key, so
 * a correction that went through but whose answer was lost is not run twice.
 */
export function CorrectSpellingButton() {
  const record = useRecordContext<AdminBrandResponse>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [to, setTo] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const attempt = useRef<{ to: string; key: string } | null>(null);
  if (!record) return null;
  const from = record.brand;
  const spelling = to.trim();

  function openDialog() {
    setTo(from);
    setError(null);
    attempt.current = null;
    setOpen(true);
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!spelling || spelling === from) return;
    if (attempt.current?.to !== spelling) attempt.current = { to: spelling, key: crypto.randomUUID() };
    setBusy(true);
    setError(null);
    try {
      const { corrected } = await dataProvider.correctBrand({ from, to: spelling }, attempt.current.key);
      setOpen(false);
      notify(`“${from}” is now “${spelling}” on ${productCount(corrected)}`, { type: 'success' });
      refresh();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button label="Correct spelling" onClick={openDialog}>
        <SpellcheckIcon />
      </Button>
      <Dialog
        open={open}
        onClose={() => !busy && setOpen(false)}
        // React bubbles a portal's clicks up its component tree: none may reach the list row behind.
        onClick={(event) => event.stopPropagation()}
        fullWidth
        maxWidth="sm"
      >
        <form onSubmit={(event) => void submit(event)} aria-busy={busy}>
          <DialogTitle>Correct the spelling of “{from}”</DialogTitle>
          <DialogContent>
            <DialogContentText>
              Every {productCount(record.products)} spelt “{from}” will carry the spelling below. A later Open
              Food Facts import keeps it.
            </DialogContentText>
            <TextField
              label="Correct spelling"
              value={to}
              onChange={(e) => setTo(e.target.value)}
              // A modal dialog moves focus into itself when it opens (the dialog pattern); its only
              // field is where that focus belongs. The rule is about focus taken from a page.
              // eslint-disable-next-line jsx-a11y/no-autofocus
              autoFocus
              fullWidth
              margin="dense"
              disabled={busy}
              slotProps={{ htmlInput: { maxLength: TEXT_LIMITS.brand } }}
            />
            {error && (
              <Alert severity="error" role="alert" sx={{ mt: 1 }}>
                {error}
              </Alert>
            )}
          </DialogContent>
          <DialogActions>
            <MuiButton onClick={() => setOpen(false)} disabled={busy}>
              Cancel
            </MuiButton>
            <MuiButton type="submit" variant="contained" disabled={busy || !spelling || spelling === from}>
              {busy ? 'Correcting…' : 'Correct spelling'}
            </MuiButton>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
