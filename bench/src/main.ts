import path from 'node:path';
import { runAgainst } from './core/against';
import { stopChildren } from './core/child-process';
import { DEFAULT_SECTION_IDS, parseOptions, UsageError, USAGE, type SectionId } from './core/options';
import { renderMarkdown, writeResults, type SectionResult } from './core/report';
import { createRunContext } from './core/run-context';
import type { Section } from './core/section';
import { analyserSection } from './figures/analyser';
import { apiSection } from './figures/api';
import { appendsSection } from './figures/appends';
import { bundleSection } from './figures/bundle';
import { deliverySection } from './figures/delivery';
import { liveLagSection } from './figures/live-lag';
import { offImportSection } from './figures/off-import';
import { ocrSection } from './figures/ocr';
import { projectionsSection } from './figures/projections';
import { scansSection } from './figures/scans';
import { repoRoot } from './support';

const sections: Record<SectionId, Section> = {
  analyser: analyserSection,
  appends: appendsSection,
  projections: projectionsSection,
  lag: liveLagSection,
  api: apiSection,
  scans: scansSection,
  ocr: ocrSection,
  bundle: bundleSection,
  delivery: deliverySection,
  import: offImportSection,
};

const describeError = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0]!;

async function main(args: string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    console.error(USAGE);
    return 0;
  }
  const options = parseOptions(args);
  if (options.against.length > 0) return runAgainst(args, options);
  const ctx = createRunContext(options);
  // Ctrl-C: stop the API and worker processes and the embedded PostgreSQL (removing its folder) before leaving.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      ctx.progress(`${signal}: cleaning up`);
      // Pools see their connections end as PostgreSQL stops; we are leaving anyway.
      process.on('uncaughtException', () => {});
      void stopChildren()
        .then(() => ctx.close())
        .finally(() => process.exit(130));
    });
  }
  const started = new Date();
  const results: SectionResult[] = [];
  ctx.progress(
    `${options.quick ? 'quick' : 'full'} run of ${options.only.join(', ')} (seed ${options.seed})`,
  );
  try {
    for (const id of options.only) {
      const section = sections[id];
      ctx.enter(id);
      ctx.progress(`${section.title}`);
      const t0 = performance.now();
      const notes: string[] = [];
      const result: SectionResult = { id, title: section.title, seconds: 0, rows: [], notes };
      try {
        await ctx.settle();
        result.rows = await section.run(ctx, notes);
      } catch (error) {
        // One figure failing must not cost the others: report it in its row and go on.
        result.error = describeError(error);
        ctx.progress(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      }
      result.seconds = Math.round((performance.now() - t0) / 100) / 10;
      ctx.progress(`done in ${result.seconds} s`);
      results.push(result);
    }
  } finally {
    ctx.enter('bench');
    await ctx.close().catch((error: unknown) => ctx.progress(`cleanup failed: ${describeError(error)}`));
  }
  const files = await writeResults(
    path.join(repoRoot, 'bench', 'results'),
    options,
    results,
    started,
    DEFAULT_SECTION_IDS.length,
  );
  await new Promise((resolve) => process.stdout.write(renderMarkdown(results), resolve));
  ctx.progress(`JSON: ${files.map((f) => path.relative(repoRoot, f)).join(', ')}`);
  return results.some((r) => r.error) ? 1 : 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof UsageError ? `${error.message}\n\n${USAGE}` : error);
    process.exit(2);
  },
);
