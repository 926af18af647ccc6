// A stand-in for `tsx server.ts`: this process (the wrapper) starts the real server as its own
// child and relays its IPC messages and exit code, as tsx does. `node wrapped-server.mjs serve`
// is the server: it answers every request with its pid on PORT, reports ready over IPC, and exits
// with 78 (cannot start) when the port is taken.
import { spawn } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';

if (process.argv[2] === 'serve') {
  const server = http.createServer((_req, res) => res.end(String(process.pid)));
  server.once('error', () => process.exit(78));
  server.listen(Number(process.env.PORT), '127.0.0.1', () =>
    process.send?.({ type: 'ready', pid: process.pid }),
  );
} else {
  const server = spawn(process.execPath, [fileURLToPath(import.meta.url), 'serve'], {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  });
  server.on('message', (message) => process.send?.(message));
  server.on('exit', (code) => process.exit(code ?? 1));
}
