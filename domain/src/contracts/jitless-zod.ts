import { config } from 'zod/v4/core';

/**
 * Imported first by the browser apps: zod compiles object parsers with `new Function`, which
 * their Content-Security-Policy forbids (each attempt is a reported violation). Parsers built
 * after this runs interpret instead. The server keeps the compiled parsers.
 */
config({ jitless: true });
