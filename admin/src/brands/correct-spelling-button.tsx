import { useRef, useState } from 'react';
import SpellcheckIcon from '@mui/icons-material/Spellcheck';
import {
  Alert,
  Box,
  Button as MuiButton,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
  TextField,
  Typography,
} from '@mui/material';
import { Button, useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { TEXT_LIMITS, type AdminBrandResponse } from '@labelwise/domain/contracts';
import type { AdminDataProvider } from '../data/data-provider';
import { errorMessage } from '../shared/error-message';

const productCount = (n: number) => `${n.toLocaleString()} listed product${n === 1 ? '' : 's'}`;

/**
 * "Correct spelling" of the brand in the row: every listed product spelt as the row gets the
 * spelling typed, a batch per request, with the count so far shown as it goes; "Stop" ends it after
 * the batch under way (running it again corrects the rest). A retry of the same spelling after a
 * failure sends the same Idempotency-Keys, so a batch that went through but whose answer was lost
 * is not run twice.
 */
export function CorrectSpellingButton() {
  const record = useRecordContext<AdminBrandResponse>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [to, setTo] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const attempt = useRef<{ to: string; key: string } | null>(null);
  // The loop reads the ref; the button shows the state.
  const stopping = useRef(false);
  const [stopAsked, setStopAsked] = useState(false);
  if (!record) return null;
  const from = record.brand;
  const spelling = to.trim();
  const busy = progress !== null;

  function openDialog() {
    setTo(from);
    setError(null);
    attempt.current = null;
    setOpen(true);
  }

  /** Batch after batch until none is left or the moderator stops; the products corrected. */
  async function correctAll(key: string): Promise<number> {
    let corrected = 0;
    let after: number | undefined;
    for (let batch = 0; ; batch++) {
      const answer = await dataProvider.correctBrand({ from, to: spelling, after }, `${key}.${batch}`);
      corrected += answer.corrected;
      setProgress(corrected);
      if (answer.next === null || stopping.current) return corrected;
      after = answer.next;
    }
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!spelling || spelling === from) return;
    if (attempt.current?.to !== spelling) attempt.current = { to: spelling, key: crypto.randomUUID() };
    stopping.current = false;
    setStopAsked(false);
    setProgress(0);
    setError(null);
    try {
      const corrected = await correctAll(attempt.current.key);
      setOpen(false);
      const done = `“${from}” is now “${spelling}” on ${productCount(corrected)}`;
      notify(stopping.current ? `Stopped: ${done}; run it again to correct the rest` : done, {
        type: 'success',
      });
      refresh();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setProgress(null);
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
            {busy && (
              <Box role="status" sx={{ mt: 2 }}>
                <Typography variant="body2">
                  Corrected {progress.toLocaleString()} of {productCount(record.products)}…
                </Typography>
                <LinearProgress
                  variant="determinate"
                  value={Math.min(100, Math.round((progress / Math.max(1, record.products)) * 100))}
                  aria-label="Correction progress"
                  sx={{ mt: 1 }}
                />
              </Box>
            )}
            {error && (
              <Alert severity="error" role="alert" sx={{ mt: 1 }}>
                {error}
              </Alert>
            )}
          </DialogContent>
          <DialogActions>
            {busy ? (
              <MuiButton
                disabled={stopAsked}
                onClick={() => {
                  stopping.current = true;
                  setStopAsked(true);
                }}
              >
                {stopAsked ? 'Stopping…' : 'Stop'}
              </MuiButton>
            ) : (
              <MuiButton onClick={() => setOpen(false)}>Cancel</MuiButton>
            )}
            <MuiButton type="submit" variant="contained" disabled={busy || !spelling || spelling === from}>
              {busy ? 'Correcting…' : 'Correct spelling'}
            </MuiButton>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
