import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Projects in the order their files are handed to the workers. The run's one build starts in the
 * global setup and takes a minute or two: the build project's own builds (fixture swap, content
 * validation) and the unit tests use the cores meanwhile, and the served tests, which wait for
 * that build, come last.
 */
const PROJECT_ORDER = ['build', 'unit', 'served'];

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
