import type { RequestHandler } from 'express';
import type { ReplicaReads } from '@labelwise/runtime';

/**
 * Carries the WAL position of a browser's last write to its next requests, so that they read
 * from a replica only once it has replayed that write (see createReplicaReads). It holds nothing
 * but that position: a forged one only sends its own reads to the primary.
 */
export const READ_AFTER_COOKIE = 'labelwise_read_after';
/** Long enough for any replica fit to read from to replay the write. */
const COOKIE_MAX_AGE_MS = 5 * 60_000;
const cookieValue = new RegExp(`(?:^|;\\s*)${READ_AFTER_COOKIE}=([^;]*)`);

/**
 * Runs each request in a read scope of the replicas: its reads see the write its cookie
 * names, and a write it makes (once in the read tables) sets the cookie to the new position.
 */
export function readAfterWrites(scope: ReplicaReads<unknown>['scope']): RequestHandler {
  return (req, res, next) => {
    const after = req.headers.cookie ? cookieValue.exec(req.headers.cookie)?.[1] : undefined;
    const wrote = (lsn: string) => {
      if (res.headersSent) return;
      res.cookie(READ_AFTER_COOKIE, lsn, {
        path: '/',
        maxAge: COOKIE_MAX_AGE_MS,
        httpOnly: true,
        sameSite: 'lax',
        secure: req.secure,
        // A WAL position (`16/B374D848`) needs no escaping.
        encode: String,
      });
    };
    scope(after, wrote, next);
  };
}
