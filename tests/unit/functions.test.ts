import { describe, expect, it } from 'vitest';
import { listFunctionFiles, readPlainHandler } from '../../src/server/functions.ts';
import { BUILT_IN_ROUTES } from '../../src/service/routes.ts';
import { ROOT } from '../support/processes.ts';

describe('readPlainHandler', () => {
  it('should return the plain handler a function module exports', () => {
    const plain = async () => ({ status: 204, headers: {} });
    expect(readPlainHandler({ plain, GET: () => undefined }, 'api/x.js')).toBe(plain);
  });

  it('should refuse a module with web handlers only, naming its file', () => {
    expect(() => readPlainHandler({ GET: () => undefined }, 'api/web-only.js')).toThrow(
      'api/web-only.js exports no plain handler',
    );
  });
});

describe('listFunctionFiles', () => {
  it('should list exactly the functions the route table names', () => {
    const named = BUILT_IN_ROUTES.surfaces.flatMap(({ answer }) =>
      answer.kind === 'function' ? [`/api/${answer.name}`] : [],
    );
    expect([...listFunctionFiles(`${ROOT}api`).keys()].sort()).toEqual(named.sort());
  });
});
