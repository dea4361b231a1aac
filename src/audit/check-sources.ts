/** A section of docs/spec.md, as a check's source. */
export const SPEC = (section: string) => `docs/spec.md ${section}`;

/** A check of the isitagentready.com scanner, as a check's source. */
export const IAR = (check: string) => `isitagentready ${check}`;

/** A check of the agent-ready.dev scanner, as a check's source. */
export const ARD = (check: string) => `agent-ready.dev ${check}`;
