// @ts-check

/**
 * Whether a call starts an assertion: `expect(x)`, `expect.soft(x)` or `expect.poll(fn)`.
 * `expect.any(...)`, `expect.arrayContaining(...)` and the like build matchers and are not.
 * @param {import('estree').CallExpression} node
 */
function isExpectation(node) {
  const callee = node.callee;
  if (callee.type === 'Identifier') return callee.name === 'expect';
  return (
    callee.type === 'MemberExpression' &&
    callee.object.type === 'Identifier' &&
    callee.object.name === 'expect' &&
    callee.property.type === 'Identifier' &&
    (callee.property.name === 'soft' || callee.property.name === 'poll')
  );
}

/**
 * The node's parent, which ESLint sets on every node it visits.
 * @param {import('estree').Node} node
 * @returns {import('estree').Node | undefined}
 */
function readParent(node) {
  return /** @type {{ parent?: import('estree').Node }} */ (node).parent;
}

/** Modifiers that stand between `expect(x)` and its matcher. */
const MODIFIERS = new Set(['not', 'resolves', 'rejects']);

/** @type {import('eslint').Rule.RuleModule} */
const matcherRule = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Every expect(...) is followed by a called matcher; `expect(x)` alone asserts nothing.',
    },
    schema: [],
    messages: {
      missing: 'expect(...) without a matcher asserts nothing: call one, e.g. .toBe(...).',
      uncalled: 'The matcher .{{name}} is never called, so it asserts nothing: add (...).',
    },
  },
  create(context) {
    return {
      CallExpression(node) {
        if (!isExpectation(node)) return;
        /** @type {import('estree').Node} */
        let chain = node;
        /** @type {string | undefined} */
        let matcher;
        // Walk up `.not`, `.resolves`, `.rejects` to the first other member: the matcher.
        for (;;) {
          /** @type {import('estree').Node | undefined} */
          const parent = readParent(chain);
          if (parent?.type !== 'MemberExpression' || parent.object !== chain) break;
          const name = parent.property.type === 'Identifier' ? parent.property.name : undefined;
          chain = parent;
          if (!name || !MODIFIERS.has(name)) {
            matcher = name ?? '[computed]';
            break;
          }
        }
        if (!matcher) return context.report({ node, messageId: 'missing' });
        const call = readParent(chain);
        if (call?.type !== 'CallExpression' || call.callee !== chain) {
          context.report({ node, messageId: 'uncalled', data: { name: matcher } });
        }
      },
    };
  },
};

export const testExpectationsPlugin = { rules: { 'matcher-called': matcherRule } };
