import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import { HANDED_OVER_ELEMENT_ID } from '@labelwise/domain';
import { requestLogger } from '../http/request-log';
import { chunkFiles, readBuildManifest } from './route-preloads';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** Precompressed copies written at build time by vite-plugins/precompress.ts, best first. */
const ENCODINGS = [
  { coding: 'br', suffix: '.br' },
  { coding: 'gzip', suffix: '.gz' },
] as const;
type Coding = (typeof ENCODINGS)[number]['coding'];

/** The q-value the client gives each content coding (`*` covers the ones it does not name). */
function acceptedCodings(header: string | undefined): (coding: Coding) => boolean {
  const q = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  return (coding) => (q.get(coding) ?? q.get('*') ?? 0) > 0;
}

const isHashedAsset = (file: string) => file.includes(`${path.sep}assets${path.sep}`);

/**
 * Response headers that only a document (or a worker) acts on. A hashed script or stylesheet
 * loaded by the page ignores them, yet over HTTP/1.1 they cost ~0.8 KB on each of a cold start's
 * requests. Scripts keep nosniff, CORP, HSTS and Referrer-Policy (a module script's imports use it).
 */
const DOCUMENT_ONLY_HEADERS = [
  'Content-Security-Policy',
  'Cross-Origin-Opener-Policy',
  'Origin-Agent-Cluster',
  'X-Frame-Options',
  'X-XSS-Protection',
  'X-DNS-Prefetch-Control',
  'X-Download-Options',
  'X-Permitted-Cross-Domain-Policies',
];
const SUBRESOURCE = /\.(?:js|mjs|css|woff2?)$/i;

/**
 * Picks the precompressed copy of `file` the client accepts (br, then gzip), if one was built.
 * Sets `Vary: Accept-Encoding` whenever the answer depends on it.
 */
function negotiate(req: Request, res: Response, file: string): { file: string; coding?: Coding } {
  const available = ENCODINGS.filter((e) => fs.existsSync(file + e.suffix));
  if (available.length === 0) return { file };
  res.vary('Accept-Encoding');
  const accepts = acceptedCodings(req.headers['accept-encoding']);
  const chosen = available.find((e) => accepts(e.coding));
  return chosen ? { file: file + chosen.suffix, coding: chosen.coding } : { file };
}

/** Sends a file of the build, compressed when the client accepts it, with the original's type. */
function sendBuilt(req: Request, res: Response, file: string, onError: (err: unknown) => void) {
  const { file: sent, coding } = negotiate(req, res, file);
  res.type(path.extname(file));
  if (coding) res.setHeader('Content-Encoding', coding);
  res.setHeader('Cache-Control', isHashedAsset(file) ? IMMUTABLE : REVALIDATE);
  if (isHashedAsset(file) && SUBRESOURCE.test(file))
    for (const header of DOCUMENT_ONLY_HEADERS) res.removeHeader(header);
  // A hashed asset is cached for good and never revalidated: Last-Modified and ranges are dead weight
  // (Express sets the ETag by its app setting, whatever the call asks).
  const hashed = isHashedAsset(file);
  const options = { cacheControl: false, lastModified: !hashed, acceptRanges: !hashed };
  res.sendFile(sent, options, (err) => {
    if (err && !res.headersSent) onError(err);
  });
}

/** Serves the files of `distDir` (GET/HEAD), precompressed when possible; anything else falls through. */
function builtFiles(distDir: string): RequestHandler {
  const root = path.resolve(distDir);
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let relative: string;
    try {
      relative = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const file = path.resolve(root, `.${relative}`);
    if (!file.startsWith(root + path.sep) || relative.includes('\0')) return next();
    // Dotfiles are never served (as express.static's default).
    if (relative.split('/').some((segment) => segment.startsWith('.'))) return next();
    // The compressed copies themselves are not addressable: they are chosen by negotiation.
    if (file.endsWith('.br') || file.endsWith('.gz')) return next();
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      return next();
    }
    if (!stat.isFile()) return next();
    sendBuilt(req, res, file, next);
  };
}

/**
 * What the server knows of a client route: what a link preview shows (Open Graph), and what the
 * page will first need. null: the app's generic page.
 */
export interface PageMeta {
  title: string;
  description: string;
  type?: string;
  /** The API answers the page asks for first, by request path: handed over in the document. */
  answers?: Record<string, unknown>;
  /** The page's source modules (as the build manifest names them): preloaded with the start-up script. */
  modules?: readonly string[];
  /** What the page shows from the first bytes until the app replaces it. */
  first?: FirstView;
}

/**
 * A page's first view, written into the document: its level-1 heading, a line under it and a
 * coloured banner (a shared product's name, brand and quantity, and its verdict).
 */
export interface FirstView {
  heading: string;
  details?: string;
  banner?: { title: string; text: string; background: string; colour: string };
}
export type PageMetaLookup = (pathname: string) => Promise<PageMeta | null>;

/** Close to the app's look, in the fonts the app uses (the app's styles come with its scripts). */
const FONT = 'system-ui,-apple-system,Roboto,sans-serif';
const FIRST_VIEW_STYLE = `margin:1rem;font:1rem/1.5 ${FONT};overflow-wrap:anywhere`;
const FIRST_HEADING_STYLE = `margin:0;font:700 1.5rem/1.2 ${FONT}`;
const DETAILS_STYLE = 'margin:0.25rem 0 0;color:#52525b';
const BANNER_STYLE = 'margin-top:1.5rem;padding:1rem;border-radius:0.75rem';
const BANNER_TITLE_STYLE = `margin:0;font:700 1.875rem/1.1 ${FONT};letter-spacing:-0.02em`;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * JSON that can sit in a `<script type="application/json">`: no `<` to end the element or open a
 * comment, and the line separators older parsers choke on, each written as a JSON escape.
 */
const jsonInScript = (value: unknown) =>
  JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/**
 * index.html with the page's title and Open Graph tags (link-preview crawlers do not run scripts),
 * its heading, the API answers it starts with, and preloads of its chunks (`/`-rooted paths).
 */
export function withPageMeta(html: string, meta: PageMeta, url: string, preloads: string[] = []): string {
  const tags = [
    ['og:title', meta.title],
    ['og:description', meta.description],
    ['og:type', meta.type ?? 'website'],
    ['og:url', url],
    ['og:site_name', 'Labelwise'],
  ].map(([property, content]) => `<meta property="${property}" content="${escapeHtml(content!)}" />`);
  const preloadTags = preloads.map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}" />`);
  const answers = meta.answers
    ? [
        `<script type="application/json" id="${HANDED_OVER_ELEMENT_ID}">${jsonInScript(meta.answers)}</script>`,
      ]
    : [];
  const root = meta.first ? `<div id="root">${firstView(meta.first)}</div>` : '<div id="root"></div>';
  // Replaced by functions: a replacement string would read `$'` or `$&` in a product's name as a pattern.
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(meta.title)} · Labelwise</title>`)
    .replace(
      /<meta\s+name="description"[^>]*>/,
      () => `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    )
    .replace('</head>', () => `    ${[...tags, ...preloadTags, ...answers].join('\n    ')}\n  </head>`)
    .replace('<div id="root"></div>', () => root);
}

function firstView({ heading, details, banner }: FirstView): string {
  const parts = [`<h1 style="${FIRST_HEADING_STYLE}">${escapeHtml(heading)}</h1>`];
  if (details) parts.push(`<p style="${DETAILS_STYLE}">${escapeHtml(details)}</p>`);
  if (banner)
    parts.push(
      `<div data-first-banner style="${BANNER_STYLE};background-color:${escapeHtml(banner.background)};color:${escapeHtml(banner.colour)}">` +
        `<p style="${BANNER_TITLE_STYLE}">${escapeHtml(banner.title)}</p><p style="margin:0.25rem 0 0">${escapeHtml(banner.text)}</p></div>`,
    );
  return `<div style="${FIRST_VIEW_STYLE}">${parts.join('')}</div>`;
}

/** A page made per request: small, so compressed on the fly (brotli at a fast level). */
function sendDocument(req: Request, res: Response, html: string) {
  res.vary('Accept-Encoding');
  res.setHeader('Cache-Control', REVALIDATE);
  res.type('html');
  if (acceptedCodings(req.headers['accept-encoding'])('br')) {
    res.setHeader('Content-Encoding', 'br');
    res.send(zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }));
  } else res.send(html);
}

/**
 * Serves a built single-page app under `mount` with history fallback to its index.html.
 * Text files are sent as the brotli or gzip copies built beside them (br > gzip > identity by
 * Accept-Encoding, `Vary: Accept-Encoding`). Hashed assets are cached for a year; index.html never.
 */
export function singlePageApp(
  mount: string,
  distDir: string,
  options: { pageMeta?: PageMetaLookup } = {},
): Router {
  const router = express.Router();
  const index = path.join(distDir, 'index.html');
  if (mount !== '/') router.get(mount, toTrailingSlash(mount));
  router.use(mount, builtFiles(distDir));
  router.get(`${mount === '/' ? '' : mount}/{*rest}`, async (req, res, next) => {
    if (req.path.startsWith('/api/') || !req.accepts('html')) return next();
    if (!fs.existsSync(index)) {
      res.status(503).type('text').send(`The app at ${mount} is not built yet. Run npm run build.`);
      return;
    }
    try {
      const meta = options.pageMeta ? await options.pageMeta(req.path) : null;
      if (meta) {
        const url = `${req.protocol}://${req.get('host') ?? 'localhost'}${req.originalUrl}`;
        const manifest = meta.modules?.length ? await readBuildManifest(distDir) : null;
        const preloads = manifest
          ? chunkFiles(manifest, meta.modules!).map((file) => path.posix.join(mount, file))
          : [];
        const html = await fs.promises.readFile(index, 'utf8');
        sendDocument(req, res, withPageMeta(html, meta, url, preloads));
        return;
      }
    } catch (error) {
      // A preview is a nicety: the app itself still loads.
      requestLogger(req)?.warn({ err: error }, 'page meta lookup failed');
    }
    sendBuilt(req, res, path.resolve(index), next);
  });
  return router;
}

/**
 * An app under a path loads its files relative to `mount/`: a bare `mount` would fall through to
 * the consumer app's "Page Not Found", so it is sent on to `mount/`, query kept.
 */
function toTrailingSlash(mount: string): RequestHandler {
  return (req, res, next) => {
    const url = new URL(req.originalUrl, 'http://labelwise.invalid');
    if (url.pathname !== mount) return next();
    res.redirect(301, `${mount}/${url.search}`);
  };
}
