import { useState } from 'react';
import { Alert, Button, CardContent, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { Login, useLogin } from 'react-admin';

/** Email and password sign-in for administrators. */
export function LoginPage() {
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await login({ email, password });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Login>
      <main>
        <CardContent component="form" onSubmit={submit}>
          <Stack spacing={2} sx={{ minWidth: 280 }}>
            <Typography variant="h6" component="h1">
              Labelwise moderation
            </Typography>
            {error && <Alert severity="error">{error}</Alert>}
            <TextField
              label="Email"
              type="email"
              autoComplete="username"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
            <TextField
              label="Password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <Button type="submit" variant="contained" disabled={busy}>
              {busy ? <CircularProgress size={22} /> : 'Sign in'}
            </Button>
          </Stack>
        </CardContent>
      </main>
    </Login>
  );
}
