import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { projections } from './registry';

/**
 * A read model's package is the only code that reads its tables: a projection's version bump then
 * covers every reader. Production code of every other package calls the queries exported from
 * `@labelwise/projections/queries` instead (tests, `testing/`, bench and e2e may read tables).
 */
const root = path.resolve(import.meta.dirname, '../..');
const readTables = new Set(projections.flatMap((projection) => projection.tables));

/** Kysely methods whose first argument names a table (`'user_profiles as p'`). */
const queryMethods = new Set([
  'selectFrom',
  'innerJoin',
  'leftJoin',
  'rightJoin',
  'fullJoin',
  'crossJoin',
  'innerJoinLateral',
  'leftJoinLateral',
  'updateTable',
  'deleteFrom',
  'insertInto',
  'replaceInto',
  'mergeInto',
  'using',
]);
/** A table in SQL text: after FROM, JOIN, INTO, UPDATE or TABLE, maybe schema-qualified or quoted. */
const sqlTable = /\b(?:from|join|into|update|table)\s+(?:"?\w+"?\.)?"?(\w+)"?/gi;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The production sources outside `projections`: every package's `src/`. */
function productionSources(): string[] {
  return readdirSync(root, { withFileTypes: true })
    .filter(
      (entry) => entry.isDirectory() && !['projections', 'bench', 'e2e', 'node_modules'].includes(entry.name),
    )
    .flatMap((entry) => {
      const src = path.join(root, entry.name, 'src');
      try {
        return sourceFiles(src);
      } catch {
        return [];
      }
    });
}

/** Where `source` names a read table in a query: `file:line table`. */
function readTableQueries(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const report = (node: ts.Node, table: string) => {
    if (!readTables.has(table)) return;
    const { line } = file.getLineAndCharacterOfPosition(node.getStart());
    found.push(`${path.relative(root, fileName)}:${line + 1} ${table}`);
  };
  const inSql = (node: ts.Node, text: string) => {
    for (const [, table] of text.matchAll(sqlTable)) report(node, table!);
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const [first] = node.arguments;
      const method = node.expression.name.text;
      if (first && ts.isStringLiteralLike(first)) {
        if (queryMethods.has(method)) report(first, first.text.trim().split(/\s+/)[0]!.split('.').pop()!);
        if (method === 'query') inSql(first, first.text);
      }
    }
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText(file).startsWith('sql')) {
      const template = node.template;
      const text = ts.isNoSubstitutionTemplateLiteral(template)
        ? template.text
        : [template.head.text, ...template.templateSpans.map((span) => span.literal.text)].join(' ? ');
      inSql(node, text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('read tables', () => {
  it('are read by their read model alone: no production file outside projections queries one', () => {
    const files = productionSources();
    expect(files.length).toBeGreaterThan(100);
    const namesATable = new RegExp(`\\b(${[...readTables].join('|')})\\b`);
    const found = files.flatMap((file) => {
      const source = readFileSync(file, 'utf8');
      return namesATable.test(source) ? readTableQueries(file, source) : [];
    });
    expect(found).toEqual([]);
  }, 30_000);

  it('are found in every query position', () => {
    const queries = [
      `db.selectFrom('user_profiles as p')`,
      `db.selectFrom('x').leftJoin('monthly_scan_counts as m', 'm.uid', 'x.uid')`,
      `db.updateTable('reviews')`,
      'sql`select count(*) from public.product_cards c where c.id = ${id}`',
      'sql<{ n: number }>`select 1 from x join "user_scans" s on true`',
      `pool.query('delete from off_contributions')`,
    ];
    expect(
      queries.map((query) => readTableQueries(path.join(root, 'backend/src/x.ts'), query).length),
    ).toEqual([1, 1, 1, 1, 1, 1]);
    expect(
      readTableQueries(path.join(root, 'backend/src/x.ts'), `db.selectFrom('off_import_index')`),
    ).toEqual([]);
  });
});
