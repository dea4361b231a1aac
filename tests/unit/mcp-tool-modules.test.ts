import { describe, expect, it } from 'vitest';
import {
  checkToolFileNames,
  listToolModuleFiles,
  readProjectToolNames,
  readToolNamesOfFiles,
} from '../../src/integrations/mcp-tool-modules.ts';
import { loadProjectTools } from '../support/expected-site.ts';

describe('readProjectToolNames', () => {
  it("should read the same names from the tools' files as the tools themselves give", async () => {
    const tools = await loadProjectTools();
    expect(readProjectToolNames(process.cwd()).sort()).toEqual(
      tools.map((tool) => tool.name).sort(),
    );
  });
});

describe('checkToolFileNames', () => {
  it('should pass the project, and fail a tool whose file is named otherwise, naming it', async () => {
    const tools = await loadProjectTools();
    const files = listToolModuleFiles('src/mcp/tools');
    expect(() => checkToolFileNames(files, tools)).not.toThrow();
    const renamed = files.map((file) => file.replace('get-product.ts', 'product.ts'));
    expect(readToolNamesOfFiles(renamed)).toContain('product');
    expect(() => checkToolFileNames(renamed, tools)).toThrow(/get_product/);
  });
});
