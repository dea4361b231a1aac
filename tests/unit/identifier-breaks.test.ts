import { describe, expect, it } from 'vitest';
import { markIdentifierBreaks } from '../../src/service/identifier-breaks.ts';

describe('markIdentifierBreaks', () => {
  it('should offer a break after each run of slashes and before each dot, nowhere else', () => {
    expect(markIdentifierBreaks('https://facts.example/copy/about.md')).toBe(
      'https://<wbr>facts<wbr>.example/<wbr>copy/<wbr>about<wbr>.md',
    );
    expect(markIdentifierBreaks('application/problem+json')).toBe('application/<wbr>problem+json');
  });

  it('should escape what HTML would read as markup', () => {
    expect(markIdentifierBreaks('agent-facts://copy/{section}?a=1&b=<2>')).toBe(
      'agent-facts://<wbr>copy/<wbr>{section}?a=1&amp;b=&lt;2&gt;',
    );
  });
});
