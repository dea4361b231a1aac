import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Projects in the order their files are handed to the workers. The run's one shared build starts
 * in the global setup: the unit tests use the cores meanwhile, then the served tests, which wait
 * for that build, start as soon as it is done. The build project's copies are built behind them at
 * a background priority (copy-builds-setup.ts), in the time the served tests spend waiting on
 * Chromium and the server, so its files come last and usually find their copy ready.
 */
const PROJECT_ORDER = ['unit', 'served', 'build'];

/** Vitest's order (failed first, then longest first), within the project order above. */
export default class ProjectOrderSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => {
      const index = PROJECT_ORDER.indexOf(spec.project.name);
      return index === -1 ? PROJECT_ORDER.length : index;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
