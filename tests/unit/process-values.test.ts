import { describe, expect, it, vi } from 'vitest';
import { findForProcess, keepForProcess } from '../../src/shared-state/process-values.ts';

describe('keepForProcess', () => {
  it('should make a value once per process and give it to every later caller, null included', () => {
    let made = 0;
    const create = () => {
      made += 1;
      return null;
    };
    expect(findForProcess('agent-facts.test-value')).toBeUndefined();
    expect(keepForProcess('agent-facts.test-value', create)).toBeNull();
    expect(keepForProcess('agent-facts.test-value', create)).toBeNull();
    expect(made).toBe(1);
    expect(findForProcess('agent-facts.test-value')).toBeNull();
  });

  it('should keep the value where a second copy of the module finds it (one per bundle)', async () => {
    vi.resetModules();
    const copy = await import('../../src/shared-state/process-values.ts');
    const value = keepForProcess('agent-facts.test-shared', () => ({ id: 1 }));
    expect(copy.keepForProcess('agent-facts.test-shared', () => ({ id: 2 }))).toBe(value);
  });
});
