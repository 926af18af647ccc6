import path from 'node:path';

/**
 * A file in `<featuresDir>/<a>/` may not import from `<featuresDir>/<b>/`: what two features share
 * lives in `shared/` (or `app/`). Relative specifiers are resolved against the importing file, so
 * the current feature is known without listing the features.
 */
export const noCrossFeatureImports = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid imports from one frontend feature folder into another' },
    schema: [
      {
        type: 'object',
        properties: { featuresDir: { type: 'string' } },
        required: ['featuresDir'],
        additionalProperties: false,
      },
    ],
    messages: {
      crossFeature:
        "Feature '{{from}}' imports '{{source}}' from feature '{{to}}': move the shared piece to shared/ (or app/).",
    },
  },
  create(context) {
    const featuresDir = path.resolve(context.options[0].featuresDir);
    /** The feature folder a path is in (or is), else null. */
    const featureOf = (target) => {
      const relative = path.relative(featuresDir, target);
      if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return null;
      return relative.split(path.sep)[0];
    };
    const filename = path.resolve(context.filename);
    const from = featureOf(filename);
    // A file lying directly in the features folder belongs to no feature.
    if (!from || path.dirname(filename) === featuresDir) return {};

    const check = (sourceNode) => {
      if (!sourceNode || sourceNode.type !== 'Literal' || typeof sourceNode.value !== 'string') return;
      const source = sourceNode.value;
      if (!source.startsWith('.')) return;
      const to = featureOf(path.resolve(path.dirname(filename), source));
      if (to && to !== from)
        context.report({ node: sourceNode, messageId: 'crossFeature', data: { from, to, source } });
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
