import { describe, expect, it } from 'vitest';
import { AccountCache, InvalidatedCache, sessionKey } from './account-cache';

const deferred = <T>() => {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
};

describe('InvalidatedCache', () => {
  it('keeps what it read while enabled, and reads again after the key is invalidated', async () => {
    const cache = new InvalidatedCache<string>(60_000);
    cache.enabled = true;
    let reads = 0;
    const load = async () => `row ${++reads}`;
    expect(await cache.get('1', load)).toBe('row 1');
    expect(await cache.get('1', load)).toBe('row 1');
    cache.invalidate('1');
    expect(await cache.get('1', load)).toBe('row 2');
  });

  it('keeps nothing while disabled, and no misses', async () => {
    const cache = new InvalidatedCache<string>(60_000);
    let reads = 0;
    await cache.get('1', async () => `row ${++reads}`);
    await cache.get('1', async () => `row ${++reads}`);
    expect(reads).toBe(2);
    cache.enabled = true;
    await cache.get('unknown', async () => null);
    expect(cache.size).toBe(0);
  });

  it('does not keep a read that was in flight when a change arrived', async () => {
    const cache = new InvalidatedCache<string>(60_000);
    cache.enabled = true;
    const slow = deferred<string>();
    const inFlight = cache.get('1', () => slow.promise);
    cache.invalidate('2'); // any change of the table while the read was under way
    slow.resolve('old row');
    expect(await inFlight).toBe('old row');
    expect(await cache.get('1', async () => 'new row')).toBe('new row');
  });

  it('forgets an entry after its time limit', async () => {
    const cache = new InvalidatedCache<string>(0);
    cache.enabled = true;
    await cache.get('1', async () => 'first');
    expect(await cache.get('1', async () => 'second')).toBe('second');
  });
});

describe('AccountCache', () => {
  const primed = async () => {
    const cache = new AccountCache(60_000);
    for (const inner of [cache.sessions, cache.staffs, cache.members]) inner.enabled = true;
    await cache.sessions.get(sessionKey('secret-session-id'), async () => 'session');
    await cache.staff('7', async () => 'staff 7');
    await cache.member('9', async () => 'member 9');
    return cache;
  };
  const cached = async (cache: AccountCache) => ({
    session: await cache.sessions.get(sessionKey('secret-session-id'), async () => 'session (read again)'),
    staff: await cache.staff('7', async () => 'staff 7 (read again)'),
    member: await cache.member('9', async () => 'member 9 (read again)'),
  });

  it('forgets the row a trigger names, sessions by the SHA-256 of their id', async () => {
    const cache = await primed();
    cache.changed(`sessions:${sessionKey('secret-session-id')}`);
    cache.changed('staffs:7');
    cache.changed('users:8');
    expect(await cached(cache)).toEqual({ session: 'session (read again)', staff: 'staff 7 (read again)', member: 'member 9' });
  });

  it("forgets a table's rows when this process writes to it, and everything on TRUNCATE", async () => {
    const cache = await primed();
    cache.sawStatement('update "staffs" set "role" = $1 where "id" = $2');
    cache.sawStatement('insert into "users" ("name") values ($1)'); // a new member is in no cache
    expect(await cached(cache)).toEqual({ session: 'session', staff: 'staff 7 (read again)', member: 'member 9' });
    cache.sawStatement('with x as (delete from users where id = 9 returning id) select 1');
    expect((await cached(cache)).member).toBe('member 9 (read again)');
    cache.sawStatement('truncate "sessions", "staffs", "users" restart identity cascade');
    expect(await cached(cache)).toEqual({ session: 'session (read again)', staff: 'staff 7 (read again)', member: 'member 9 (read again)' });
  });

  it("forgets staff and their two-factor state on a clinic's change (its two-factor rule), and ignores reads", async () => {
    const cache = await primed();
    cache.twoFactor.enabled = true;
    await cache.twoFactorState('7', async () => 'state 7');
    cache.sawStatement('select * from "staffs" where "id" = $1');
    expect((await cached(cache)).staff).toBe('staff 7');
    expect(await cache.twoFactorState('7', async () => 'state 7 (read again)')).toBe('state 7');
    cache.changed('clinics:1');
    expect((await cached(cache)).staff).toBe('staff 7 (read again)');
    expect(await cache.twoFactorState('7', async () => 'state 7 (read again)')).toBe('state 7 (read again)');
    cache.changed('staffs:7');
    expect(await cache.twoFactorState('7', async () => 'state 7 (third read)')).toBe('state 7 (third read)');
  });
});
