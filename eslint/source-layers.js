// @ts-check
import path from 'node:path';

/**
 * The source folders of src/ in layers, lowest first. A module may import from its own folder and
 * from folders in lower layers; an import from a peer or a higher layer is an error, so no import
 * cycle can form between folders. docs/architecture.md describes each layer.
 */
export const SOURCE_LAYERS = [
  ['schemas'],
  ['service'],
  ['site-content'],
  ['documents'],
  ['net'],
  ['shared-state'],
  ['http'],
  ['mcp', 'oauth'],
  ['a2a', 'insight'],
  ['reference'],
  ['generated'],
  ['site'],
  ['functions'],
  ['audit', 'server'],
  ['integrations'],
  ['styles'],
  ['components'],
  ['layouts'],
  ['pages'],
];

const RANKS = new Map(
  SOURCE_LAYERS.flatMap((folders, rank) => folders.map((folder) => [folder, rank])),
);

/**
 * The src/ folder a file belongs to, or undefined outside src/ (or for a file at its root).
 * @param {string} file
 * @param {string} sourceRoot
 * @returns {string | undefined}
 */
function readSourceFolder(file, sourceRoot) {
  const relative = path.relative(sourceRoot, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  const [folder, ...rest] = relative.split(path.sep);
  return rest.length > 0 ? folder : undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
const layersRule = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Imports between src/ folders go down the layers only (no folder cycles).',
    },
    schema: [],
    messages: {
      unknown:
        'src/{{folder}}/ is not in SOURCE_LAYERS (eslint/source-layers.js): place it in a layer.',
      upward:
        'src/{{from}}/ may not import src/{{to}}/ ({{why}}); see SOURCE_LAYERS in eslint/source-layers.js.',
    },
  },
  create(context) {
    const sourceRoot = path.join(context.cwd, 'src');
    const from = readSourceFolder(context.filename, sourceRoot);
    if (!from) return {};
    const fromRank = RANKS.get(from);
    /** @type {(node: import('estree').Node, specifier: unknown) => void} */
    const check = (node, specifier) => {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const to = readSourceFolder(
        path.resolve(path.dirname(context.filename), specifier),
        sourceRoot,
      );
      if (!to || to === from) return;
      if (fromRank === undefined)
        return context.report({ node, messageId: 'unknown', data: { folder: from } });
      const toRank = RANKS.get(to);
      if (toRank === undefined)
        return context.report({ node, messageId: 'unknown', data: { folder: to } });
      if (toRank < fromRank) return;
      const why = toRank === fromRank ? 'peers in one layer' : 'a higher layer';
      context.report({ node, messageId: 'upward', data: { from, to, why } });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) =>
        node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export const sourceLayersPlugin = { rules: { layers: layersRule } };
