import { describe, expect, it } from 'vitest';
import { InvalidCursorError, PAGE_SIZE, paginate } from '../../src/mcp/pagination.ts';

const items = Array.from({ length: 25 }, (_, index) => index);

describe('paginate', () => {
  it('should walk a list page by page with opaque cursors', () => {
    const first = paginate('resources/list', items, undefined);
    expect(first.items).toEqual(items.slice(0, PAGE_SIZE));
    expect(first.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);
    const second = paginate('resources/list', items, first.nextCursor);
    const third = paginate('resources/list', items, second.nextCursor);
    expect([...first.items, ...second.items, ...third.items]).toEqual(items);
    expect(third.nextCursor).toBeUndefined();
  });

  it('should treat an empty cursor as the first page (2026-07-28)', () => {
    expect(paginate('tools/list', items, '').items).toEqual(items.slice(0, PAGE_SIZE));
  });

  it.each([
    ['a number', 10],
    ['garbage', '!!'],
    ['a cursor of another list', Buffer.from('tools/list:10').toString('base64url')],
    ['an offset past the end', Buffer.from('resources/list:30').toString('base64url')],
    ['an offset off the page grid', Buffer.from('resources/list:7').toString('base64url')],
    ['offset zero', Buffer.from('resources/list:0').toString('base64url')],
    ['a very long value', 'A'.repeat(200)],
  ])('should refuse %s', (_label, cursor) => {
    expect(() => paginate('resources/list', items, cursor)).toThrow(InvalidCursorError);
  });
});
