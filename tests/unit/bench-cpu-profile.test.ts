import { describe, expect, it } from 'vitest';
import { pathToFileURL } from 'node:url';
import { summarizeProfile } from '../../bench/cpu-profile.ts';

type Profile = Parameters<typeof summarizeProfile>[0];

describe('summarizeProfile', () => {
  it('should name each frame by its path in the profiled copy, even in a folder with spaces and accents', () => {
    // The bench profiles a project copy under a folder named as an owner's may be (OWNER_FOLDER).
    const root = '/tmp/bench-project-Mes sites (José)-Ab12Cd/';
    const frame = (id: number, functionName: string, url: string, lineNumber = 0) => ({
      id,
      callFrame: { functionName, url, lineNumber },
    });
    const profile: Profile = {
      nodes: [
        frame(1, '(idle)', ''),
        frame(2, 'writev', ''),
        frame(3, 'sendPlainAnswer', pathToFileURL(`${root}src/server/node-plain.ts`).href, 116),
        frame(4, 'parse', pathToFileURL(`${root}node_modules/zod/v4/core/core.js`).href, 33),
        frame(5, 'elsewhere', pathToFileURL('/opt/other/file.js').href, 9),
      ],
      samples: [1, 1, 2, 2, 2, 3, 3, 4, 5, 1],
    };
    expect(summarizeProfile(profile, root)).toEqual([
      { name: 'writev', where: '(V8 / native)', selfShare: 3 / 7 },
      { name: 'sendPlainAnswer', where: 'src/server/node-plain.ts:117', selfShare: 2 / 7 },
      { name: 'parse', where: 'zod/v4/core/core.js:34', selfShare: 1 / 7 },
      { name: 'elsewhere', where: '/opt/other/file.js:10', selfShare: 1 / 7 },
    ]);
  });
});
