import { describe, expect, it } from 'vitest';
import { runBlocks } from '../support/sample-runners.ts';

describe('runBlocks for shell blocks', () => {
  it('should run each block under its own sh and report each outcome in order', async () => {
    const outputs = await runBlocks('sh', [
      'echo one',
      'echo part; echo "what went wrong" >&2; exit 3',
      // A block's variables stay its own: the next block does not see them.
      'kept=yes; echo "$kept"',
      'echo "[${kept:-unset}]"',
      // curl reads the runners' .curlrc (it writes each answer's status after its body).
      'test -f "$CURL_HOME/.curlrc" && echo found',
    ]);
    expect(outputs).toEqual([
      { ok: true, stdout: 'one\n' },
      { ok: false, stdout: 'part\n', error: 'sh exited 3: what went wrong\n' },
      { ok: true, stdout: 'yes\n' },
      { ok: true, stdout: '[unset]\n' },
      { ok: true, stdout: 'found\n' },
    ]);
  });
});
