/** How many items one page of a list result holds. */
export const PAGE_SIZE = 10;

export interface Page<T> {
  readonly items: readonly T[];
  readonly nextCursor?: string;
}

/** Thrown for a cursor this server did not issue for this list (answered with -32602). */
export class InvalidCursorError extends Error {}

/**
 * Cuts one page out of a list. Cursors are opaque to clients (base64url of the list name and an
 * offset), validated on the way back in, and need no server state.
 * @see MCP server/utilities/pagination ("Invalid cursors SHOULD result in -32602")
 */
export function paginate<T>(list: string, items: readonly T[], cursor: unknown): Page<T> {
  const offset = cursor === undefined ? 0 : decodeCursor(list, cursor, items.length);
  const end = offset + PAGE_SIZE;
  return {
    items: items.slice(offset, end),
    ...(end < items.length ? { nextCursor: encodeCursor(list, end) } : {}),
  };
}

function encodeCursor(list: string, offset: number): string {
  return Buffer.from(`${list}:${offset}`).toString('base64url');
}

function decodeCursor(list: string, cursor: unknown, length: number): number {
  // 2026-07-28 pagination: "an empty string is a valid cursor" (the first page).
  if (cursor === '') return 0;
  if (typeof cursor !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(cursor)) {
    throw new InvalidCursorError('The cursor must be a nextCursor value returned by this list.');
  }
  const match = /^([a-z/]+):(\d{1,6})$/.exec(Buffer.from(cursor, 'base64url').toString());
  const offset = Number(match?.[2]);
  if (!match || match[1] !== list || offset <= 0 || offset >= length || offset % PAGE_SIZE !== 0) {
    throw new InvalidCursorError(`The cursor was not issued for ${list}, or is out of range.`);
  }
  return offset;
}
