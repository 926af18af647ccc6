// A local ESLint rule: the folder layers inside a package (docs/architecture.md, Folder layers).
// `layers` lists the package's folders and top-level files from the bottom layer up; a file may
// import its own layer and the layers below, never one above. A place is a path under `root`,
// folder or file, `*` standing for any one name (`*/tables.ts`); a file belongs to the place
// that names it most closely (`db/migrations` over `db`, `schema` over `*`). `allow` names the upward imports the
// docs explain, as [importing file, imported file] places. import-x/no-restricted-paths (the package walls) would
// need a zone per pair of places and an exception for every file that sits lower than its folder.
import path from 'node:path';
import { onEveryImport, resolveSpecifier } from './no-import-cycles.js';

const ROOT = path.resolve(import.meta.dirname, '..');

/** How closely `place` names `parts` (a path split by `/`): 0 when it does not, a name counting more than `*`. */
function closeness(place, parts) {
  const names = place.split('/');
  if (names.length > parts.length || !names.every((name, i) => name === '*' || name === parts[i])) return 0;
  return names.reduce((sum, name) => sum + (name === '*' ? 1 : 2), 0);
}

/** The place (and its layer) naming `file` most closely, else null. */
function placeOf(places, root, file) {
  const relative = path.relative(root, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const parts = relative.split(path.sep);
  let best = { place: parts[0], layer: -1 };
  let bestCloseness = 0;
  for (const { place, layer } of places) {
    const c = closeness(place, parts);
    // Named as the path names it: `product-cards`, not `*`.
    if (c > bestCloseness)
      [best, bestCloseness] = [{ place: parts.slice(0, place.split('/').length).join('/'), layer }, c];
  }
  return best;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid imports that point up the folder layers of a package' },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          layers: { type: 'array', items: { type: 'array', items: { type: 'string' } } },
          allow: {
            type: 'array',
            items: { type: 'array', items: { type: 'string' }, minItems: 2, maxItems: 2 },
          },
        },
        required: ['root', 'layers'],
        additionalProperties: false,
      },
    ],
    messages: {
      upward:
        "'{{source}}' points up the layers of {{root}}: {{from}} (layer {{fromLayer}}) imports {{to}} (layer {{toLayer}}). Move what both need down, or explain the import in docs/architecture.md and `allow` it.",
      unplaced: '{{place}} is in no layer of {{root}}: add it to the layers in eslint.config.js.',
    },
  },
  create(context) {
    const { root: rootOption, layers, allow = [] } = context.options[0];
    const root = path.resolve(rootOption);
    const places = layers.flatMap((layer, i) => layer.map((place) => ({ place, layer: i + 1 })));
    const file = context.physicalFilename;
    const from = placeOf(places, root, file);
    if (!from) return {};
    const shortRoot = path.relative(ROOT, root);
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const target = resolveSpecifier(source.value, file, ROOT);
      const to = target && placeOf(places, root, target);
      if (!to || to.place === from.place) return;
      for (const end of [from, to])
        if (end.layer < 0)
          return context.report({ node, messageId: 'unplaced', data: { place: end.place, root: shortRoot } });
      if (to.layer <= from.layer) return;
      const parts = (f) => path.relative(root, f).split(path.sep);
      if (allow.some(([a, b]) => closeness(a, parts(file)) && closeness(b, parts(target)))) return;
      context.report({
        node,
        messageId: 'upward',
        data: {
          source: source.value,
          root: shortRoot,
          from: from.place,
          fromLayer: from.layer,
          to: to.place,
          toLayer: to.layer,
        },
      });
    };
    return onEveryImport(check);
  },
};
