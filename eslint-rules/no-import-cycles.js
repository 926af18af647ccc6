// A local ESLint rule: no import cycles between the repository's own modules, type-only imports
// included. import-x/no-cycle skips `import type` by design, but a cycle of types is still a
// cycle in the design (the architecture issue counts them), so this rule reads every import
// (static, type-only, re-exports, dynamic) with TypeScript's own pre-processor, resolves the
// relative and @labelwise/* ones to files, and reports an import whose target can reach the
// importing file again (same strongly connected component), with the route back.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];
const WORKSPACE = '@labelwise/';
/** The repository: workspace packages are its top-level folders. */
const ROOT = path.resolve(import.meta.dirname, '..');

/** @type {Map<string, string[]>} file → the files it imports */
const edges = new Map();
/** @type {Map<string, number>} file → its strongly connected component */
const component = new Map();
/** @type {Map<number, Set<string>>} component → its files, for components of two or more */
const members = new Map();

function existing(base) {
  for (const extension of ['', ...EXTENSIONS]) {
    const file = base + extension;
    if (/\.tsx?$/.test(file) && fs.existsSync(file) && fs.statSync(file).isFile()) return file;
  }
  return undefined;
}

/** ESLint visitors calling `check(node)` on every import, re-export and dynamic import. */
export const onEveryImport = (check) => ({
  ImportDeclaration: check,
  ExportNamedDeclaration: check,
  ExportAllDeclaration: check,
  ImportExpression: check,
});

/** The repository file a specifier names, or undefined for packages outside it (and assets). */
export function resolveSpecifier(specifier, fromFile, root) {
  const bare = specifier.split('?')[0];
  if (bare.startsWith('.')) return existing(path.resolve(path.dirname(fromFile), bare));
  if (!bare.startsWith(WORKSPACE)) return undefined;
  const [name, ...rest] = bare.slice(WORKSPACE.length).split('/');
  const target = entryPoints(path.join(root, name))[['.', ...rest].join('/')];
  return target === undefined ? undefined : existing(path.join(root, name, target));
}

/** @type {Map<string, Record<string, string>>} package folder → its package.json `exports` */
const exportMaps = new Map();

/** A workspace package's entry points (`exports`: `"./testing"` → `"./testing/index.ts"`). */
function entryPoints(packageDir) {
  let map = exportMaps.get(packageDir);
  if (!map) {
    const manifest = path.join(packageDir, 'package.json');
    map = fs.existsSync(manifest) ? (JSON.parse(fs.readFileSync(manifest, 'utf8')).exports ?? {}) : {};
    exportMaps.set(packageDir, map);
  }
  return map;
}

function importsOf(file, root) {
  let targets = edges.get(file);
  if (targets) return targets;
  const text = fs.readFileSync(file, 'utf8');
  const { importedFiles } = ts.preProcessFile(text, true, true);
  targets = [
    ...new Set(
      importedFiles
        .map((i) => resolveSpecifier(i.fileName, file, root))
        .filter((target) => target !== undefined),
    ),
  ];
  edges.set(file, targets);
  return targets;
}

/** Tarjan's algorithm from `start`, iterative; settles the component of every file it reaches. */
function settle(start, root) {
  if (component.has(start)) return;
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const frames = [{ file: start, next: 0 }];
  index.set(start, counter);
  low.set(start, counter++);
  stack.push(start);
  onStack.add(start);
  while (frames.length) {
    const frame = frames.at(-1);
    const targets = importsOf(frame.file, root);
    if (frame.next < targets.length) {
      const target = targets[frame.next++];
      if (component.has(target)) continue;
      if (!index.has(target)) {
        index.set(target, counter);
        low.set(target, counter++);
        stack.push(target);
        onStack.add(target);
        frames.push({ file: target, next: 0 });
      } else if (onStack.has(target)) {
        low.set(frame.file, Math.min(low.get(frame.file), index.get(target)));
      }
      continue;
    }
    frames.pop();
    const parent = frames.at(-1);
    if (parent) low.set(parent.file, Math.min(low.get(parent.file), low.get(frame.file)));
    if (low.get(frame.file) === index.get(frame.file)) {
      const id = component.size;
      const files = new Set();
      let file;
      do {
        file = stack.pop();
        onStack.delete(file);
        component.set(file, id);
        files.add(file);
      } while (file !== frame.file);
      if (files.size > 1) members.set(id, files);
    }
  }
}

/** The shortest route from `from` back to `to` inside their component. */
function routeBack(from, to, root) {
  const inside = members.get(component.get(to));
  const previous = new Map([[from, undefined]]);
  const queue = [from];
  while (queue.length) {
    const file = queue.shift();
    if (file === to) break;
    for (const target of importsOf(file, root)) {
      if (inside.has(target) && !previous.has(target)) {
        previous.set(target, file);
        queue.push(target);
      }
    }
  }
  const route = [];
  for (let file = to; file !== undefined; file = previous.get(file)) route.unshift(file);
  return route.map((file) => path.relative(root, file)).join(' → ');
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles between repository modules, type-only imports included' },
    schema: [],
    messages: { cycle: 'Import cycle: {{route}}' },
  },
  create(context) {
    const file = context.physicalFilename;
    if (!/\.tsx?$/.test(file)) return {};
    const root = ROOT;
    settle(file, root);
    const inside = members.get(component.get(file));
    if (!inside) return {};
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const target = resolveSpecifier(source.value, file, root);
      if (target && target !== file && inside.has(target)) {
        context.report({
          node,
          messageId: 'cycle',
          data: { route: `${path.relative(root, file)} → ${routeBack(target, file, root)}` },
        });
      }
    };
    return onEveryImport(check);
  },
};
