import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import { testExpectationsPlugin } from '../../eslint/test-expectations.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2024, sourceType: 'module' } });

describe('test-expectations/matcher-called', () => {
  tester.run('matcher-called', testExpectationsPlugin.rules['matcher-called'], {
    valid: [
      'expect(a).toBe(1);',
      'expect(a, "label").not.toEqual(b);',
      'await expect(p).resolves.toBe(1);',
      'await expect(p).rejects.not.toThrow();',
      'await expect.poll(() => a).toBe(1);',
      'expect.soft(a).toBeTruthy();',
      'expect(a)["toBe"](1);',
      // Matcher builders and counters are no assertions of their own.
      'expect(a).toEqual(expect.objectContaining({ b: expect.any(String) }));',
      'expect.assertions(2);',
      'expect.hasAssertions();',
    ],
    invalid: [
      { code: 'expect(a);', errors: [{ messageId: 'missing' }] },
      {
        code: 'for (const x of xs) expect(isOk(x));',
        errors: [{ messageId: 'missing' }],
      },
      { code: 'expect(a).not;', errors: [{ messageId: 'missing' }] },
      { code: 'await expect(p).resolves;', errors: [{ messageId: 'missing' }] },
      { code: 'expect.poll(() => a);', errors: [{ messageId: 'missing' }] },
      { code: 'expect(a).toBeTruthy;', errors: [{ messageId: 'uncalled' }] },
      { code: 'const check = expect(a).toBe;', errors: [{ messageId: 'uncalled' }] },
    ],
  });
});
