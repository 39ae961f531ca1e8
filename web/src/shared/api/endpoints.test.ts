import { routes } from '@clinic/contract/routes';
import { describe, expect, it } from 'vitest';
import * as endpoints from './endpoints';

describe('endpoints', () => {
  it('exports every group of the route table, with the method and path of each route', () => {
    expect(Object.keys(endpoints).sort()).toEqual(Object.keys(routes).sort());
    for (const [group, named] of Object.entries(routes)) {
      for (const [name, route] of Object.entries(named)) {
        expect((endpoints as Record<string, Record<string, readonly unknown[]>>)[group]?.[name]?.slice(0, 2), `${group}.${name}`).toEqual([
          route.method,
          route.path,
        ]);
      }
    }
  });
});
