// A local ESLint rule: no import cycle between the features of a features folder. File cycles are
// `no-import-cycles`' business; two features can depend on each other without any file cycle
// (products' routes → off-live's lookup → products' constant), and that loop is what this rule
// refuses. It reads the production files of the folder once (tests are leaves nobody imports),
// draws one arrow per pair of features, and reports an import whose feature leads back to the
// importing file's own, with the route.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { onEveryImport, resolveSpecifier } from './no-import-cycles.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const isTest = (file) => /\.test\.tsx?$/.test(file);

/** The feature a file is in, else null. */
function featureOf(featuresDir, file) {
  const relative = path.relative(featuresDir, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const parts = relative.split(path.sep);
  return parts.length > 1 ? parts[0] : null;
}

/** @type {Map<string, Map<string, Set<string>>>} features folder → feature → the features it imports */
const graphs = new Map();

function featureGraph(featuresDir) {
  let graph = graphs.get(featuresDir);
  if (graph) return graph;
  graph = new Map();
  const files = fs
    .readdirSync(featuresDir, { recursive: true })
    .map((name) => path.join(featuresDir, name))
    .filter((file) => /\.tsx?$/.test(file) && !isTest(file));
  for (const file of files) {
    const from = featureOf(featuresDir, file);
    if (!from) continue;
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      const target = resolveSpecifier(fileName, file, ROOT);
      const to = target && featureOf(featuresDir, target);
      if (!to || to === from) continue;
      if (!graph.has(from)) graph.set(from, new Set());
      graph.get(from).add(to);
    }
  }
  graphs.set(featuresDir, graph);
  return graph;
}

/** The features from `start` back to `goal`, or null when `goal` cannot be reached. */
function routeBetween(graph, start, goal) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const feature = queue.shift();
    if (feature === goal) {
      const route = [];
      for (let at = goal; at !== null; at = previous.get(at)) route.unshift(at);
      return route;
    }
    for (const next of graph.get(feature) ?? []) {
      if (!previous.has(next)) {
        previous.set(next, feature);
        queue.push(next);
      }
    }
  }
  return null;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles between the features of a features folder' },
    schema: [
      {
        type: 'object',
        properties: { featuresDir: { type: 'string' } },
        required: ['featuresDir'],
        additionalProperties: false,
      },
    ],
    messages: {
      cycle: 'Features import each other: {{route}}. Move what both need below them, or invert the arrow.',
    },
  },
  create(context) {
    const featuresDir = path.resolve(context.options[0].featuresDir);
    const file = context.physicalFilename;
    const from = featureOf(featuresDir, file);
    if (!from || isTest(file)) return {};
    const graph = featureGraph(featuresDir);
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const target = resolveSpecifier(source.value, file, ROOT);
      const to = target && featureOf(featuresDir, target);
      if (!to || to === from) return;
      const back = routeBetween(graph, to, from);
      if (back) context.report({ node, messageId: 'cycle', data: { route: [from, ...back].join(' → ') } });
    };
    return onEveryImport(check);
  },
};
