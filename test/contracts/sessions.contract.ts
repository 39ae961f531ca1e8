import { beforeEach, describe, expect, it } from 'vitest';
import type { PortSet } from '../support/port-sets';

/** What every SessionStorePort and LoginAttemptLimiterPort must do. */
export const sessionsContract = (fresh: () => Promise<PortSet>): void => {
  describe('sessions', () => {
    let ports: PortSet;
    beforeEach(async () => {
      ports = await fresh();
    });

    describe('SessionStorePort', () => {
      it('keeps data until it expires, and forgets it when destroyed', async () => {
        const future = new Date(Date.now() + 60_000);
        await ports.sessions.set('a', { principal: { type: 'staff', id: '1' } }, future);
        const stored = await ports.sessions.get('a');
        expect(stored?.data).toEqual({ principal: { type: 'staff', id: '1' } });
        expect(stored?.createdAt).toBeInstanceOf(Date);
        await ports.sessions.set('a', { principal: { type: 'user', id: '2' } }, future);
        expect((await ports.sessions.get('a'))?.data).toEqual({ principal: { type: 'user', id: '2' } });
        await ports.sessions.destroy('a');
        expect(await ports.sessions.get('a')).toBeNull();
      });

      it("ends all of one account's sessions but the one named, and no one else's", async () => {
        const future = new Date(Date.now() + 60_000);
        await ports.sessions.set('mine-1', { principal: { type: 'user', id: '7' } }, future);
        await ports.sessions.set('mine-2', { principal: { type: 'user', id: '7' } }, future);
        await ports.sessions.set('mine-3', { principal: { type: 'user', id: '7' } }, future);
        await ports.sessions.set('staff-7', { principal: { type: 'staff', id: '7' } }, future);
        await ports.sessions.set('user-70', { principal: { type: 'user', id: '70' } }, future);
        await ports.sessions.set('anonymous', { flow: 'line' }, future);
        expect(await ports.sessions.endSessionsOf({ type: 'user', id: '7' }, 'mine-2')).toBe(2);
        expect(await ports.sessions.get('mine-1')).toBeNull();
        expect(await ports.sessions.get('mine-3')).toBeNull();
        for (const kept of ['mine-2', 'staff-7', 'user-70', 'anonymous']) expect(await ports.sessions.get(kept)).not.toBeNull();
        expect(await ports.sessions.endSessionsOf({ type: 'user', id: '7' })).toBe(1);
        expect(await ports.sessions.get('mine-2')).toBeNull();
      });

      it('answers null for an expired session', async () => {
        await ports.sessions.set('old', { x: 1 }, new Date(Date.now() - 1000));
        expect(await ports.sessions.get('old')).toBeNull();
        expect(await ports.sessions.get('never')).toBeNull();
      });
    });

    describe('LoginAttemptLimiterPort', () => {
      it('blocks a key after the allowed failures, per key, until reset', async () => {
        const limiter = ports.limiter({ maxFailures: 3, windowSeconds: 600 });
        for (let i = 0; i < 2; i++) await limiter.recordFailure('staff:s1|127.0.0.1');
        expect(await limiter.blockedFor('staff:s1|127.0.0.1')).toBe(0);
        await limiter.recordFailure('staff:s1|127.0.0.1');
        const blocked = await limiter.blockedFor('staff:s1|127.0.0.1');
        expect(blocked).toBeGreaterThan(590);
        expect(blocked).toBeLessThanOrEqual(600);
        expect(await limiter.blockedFor('staff:s1|10.0.0.2')).toBe(0);
        await limiter.reset('staff:s1|127.0.0.1');
        expect(await limiter.blockedFor('staff:s1|127.0.0.1')).toBe(0);
      });

      it('counts concurrent failures without losing any', async () => {
        const limiter = ports.limiter({ maxFailures: 10, windowSeconds: 600 });
        await Promise.all(Array.from({ length: 10 }, () => limiter.recordFailure('user:x|1')));
        expect(await limiter.blockedFor('user:x|1')).toBeGreaterThan(0);
      });
    });
  });
};
