import { join } from 'node:path';
import { RuleTester } from 'eslint';
import { describe, expect, it } from 'vitest';
import { sourceLayersPlugin, SOURCE_LAYERS } from '../../eslint/source-layers.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const cwd = process.cwd();
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2024, sourceType: 'module' } });
const at = (file: string) => join(cwd, 'src', file);

describe('source-layers/layers', () => {
  tester.run('layers', sourceLayersPlugin.rules.layers, {
    valid: [
      { code: "import { x } from '../service/urls.ts';", filename: at('documents/a.ts') },
      { code: "import { x } from './b.ts';", filename: at('mcp/a.ts') },
      { code: "import { x } from '../../http/plain-http.ts';", filename: at('mcp/tools/a.ts') },
      { code: "import { x } from 'zod';", filename: at('schemas/a.ts') },
      // Outside src/ (api/, scripts/, tests/) anything may be imported.
      { code: "import { x } from '../src/mcp/http-handler.ts';", filename: join(cwd, 'api/a.ts') },
    ],
    invalid: [
      {
        code: "import { x } from '../documents/overview.ts';",
        filename: at('service/a.ts'),
        errors: [{ messageId: 'upward' }],
      },
      {
        code: "export { x } from '../oauth/bearer.ts';",
        filename: at('mcp/a.ts'),
        errors: [{ messageId: 'upward' }],
      },
      {
        code: "const m = import('../server/serve.ts');",
        filename: at('http/a.ts'),
        errors: [{ messageId: 'upward' }],
      },
      {
        code: "import { x } from '../nowhere/a.ts';",
        filename: at('http/a.ts'),
        errors: [{ messageId: 'unknown' }],
      },
    ],
  });

  it('should place every folder of src/ in a layer', async () => {
    const { readdir } = await import('node:fs/promises');
    const folders = (await readdir(join(cwd, 'src'), { withFileTypes: true }))
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(SOURCE_LAYERS.flat().sort()).toEqual(expect.arrayContaining(folders.sort()));
  });
});
