import path from 'node:path';

/**
 * Walls between feature folders. Each option names a folder whose sub-folders are features:
 *
 * - without `entry`, a file in `<featuresDir>/<a>/` may not import from `<featuresDir>/<b>/` at
 *   all: what two features share lives elsewhere (the consumer app's `shared/`, say), and files
 *   outside the features folder (the app that assembles them) are not checked;
 * - with `entry` (`index.ts`), a feature is imported through its entry file only: any file outside
 *   `<featuresDir>/<b>/`, in another feature or not, may import `<featuresDir>/<b>` (or its entry)
 *   and nothing inside it.
 *
 * `shared` names sub-folders that are no feature but what the features of that folder share.
 * Several options check several levels (a feature whose own sub-folders are walled too).
 * Relative specifiers are resolved against the importing file, so the features need no list.
 */
/** The relative specifier by which `file` names `target`. */
const specifierOf = (file, target) => {
  const relative = path.relative(path.dirname(file), target);
  return relative.startsWith('.') ? relative : `./${relative}`;
};

export const noCrossFeatureImports = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid imports from one feature folder into another (or past its entry file)' },
    schema: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        properties: {
          featuresDir: { type: 'string' },
          entry: { type: 'string' },
          shared: { type: 'array', items: { type: 'string' } },
        },
        required: ['featuresDir'],
        additionalProperties: false,
      },
    },
    messages: {
      crossFeature:
        "Feature '{{from}}' imports '{{source}}' from feature '{{to}}': move the shared piece to {{home}}.",
      pastEntry:
        "'{{source}}' is inside feature '{{to}}': import the feature's entry ('{{entry}}') and export what you need from it.",
    },
  },
  create(context) {
    const filename = path.resolve(context.filename);
    const levels = context.options.map(({ featuresDir, entry, shared = [] }) => {
      const dir = path.resolve(featuresDir);
      /** The feature folder a path is in (or is), else null. */
      const featureOf = (target) => {
        const relative = path.relative(dir, target);
        if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return null;
        const feature = relative.split(path.sep)[0];
        return shared.includes(feature) ? null : feature;
      };
      // A file lying directly in the features folder belongs to no feature.
      const from = path.dirname(filename) === dir ? null : featureOf(filename);
      const home = shared.length ? shared.map((folder) => `${folder}/`).join(' or ') : 'shared/ (or app/)';
      return { dir, entry, featureOf, from, home };
    });
    if (levels.every(({ entry, from }) => !entry && !from)) return {};

    const check = (sourceNode) => {
      if (!sourceNode || sourceNode.type !== 'Literal' || typeof sourceNode.value !== 'string') return;
      const source = sourceNode.value;
      if (!source.startsWith('.')) return;
      const target = path.resolve(path.dirname(filename), source);
      for (const { dir, entry, featureOf, from, home } of levels) {
        const to = featureOf(target);
        if (!to || to === from) continue;
        if (entry) {
          const entryFile = path.join(dir, to, entry);
          if (![path.join(dir, to), entryFile, entryFile.replace(/\.[jt]sx?$/, '')].includes(target))
            context.report({
              node: sourceNode,
              messageId: 'pastEntry',
              data: { to, source, entry: specifierOf(filename, path.join(dir, to)) },
            });
        } else if (from) {
          context.report({ node: sourceNode, messageId: 'crossFeature', data: { from, to, source, home } });
        }
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default { rules: { 'no-cross-feature-imports': noCrossFeatureImports } };
