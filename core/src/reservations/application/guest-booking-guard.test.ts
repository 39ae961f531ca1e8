import { describe, expect, it } from 'vitest';
import type { AttemptCounterPort, ProofOfWorkPort } from '../ports/guest-guard.port';
import { GuestBookingGuard, type GuestGuardPolicy } from './guest-booking-guard';

/** Counts in memory, with the keys it saw (the PostgreSQL counter is tested over HTTP). */
class CountingFake implements AttemptCounterPort {
  readonly counts = new Map<string, number>();
  async hit(key: string): Promise<number> {
    const next = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, next);
    return next;
  }
  async count(key: string): Promise<number> {
    return this.counts.get(key) ?? 0;
  }
  async clear(key: string): Promise<void> {
    this.counts.delete(key);
  }
}

/** Accepts the solution 'good' once per challenge id: `good:<id>`. */
class ProofFake implements ProofOfWorkPort {
  private readonly used = new Set<string>();
  async issue() {
    return { parameters: { algorithm: 'FAKE' }, signature: 'sig' };
  }
  async redeem(payload: string) {
    if (!payload.startsWith('good:') || this.used.has(payload)) return false;
    this.used.add(payload);
    return true;
  }
}

const POLICY: GuestGuardPolicy = { freePerAddress: 3, maxPerAddress: 6, maxPerPhone: 5, maxPerEmail: 5 };
const setUp = () => {
  const counters = { address: new CountingFake(), phone: new CountingFake(), email: new CountingFake() };
  return { counters, guard: new GuestBookingGuard(counters, new ProofFake(), POLICY) };
};
let seq = 0;
const attempt = (extra: Partial<{ address: string; phone: string; email: string | null; challenge: string | null }> = {}) => {
  seq += 1;
  return { address: '198.51.100.1', phone: `090-0000-${1000 + seq}`, email: `g${seq}@example.jp`, ...extra };
};
const codeOf = (result: { ok: boolean; error?: { code: string } }) => (result.ok ? 'ok' : result.error!.code);

describe('GuestBookingGuard', () => {
  it('lets the free attempts of an address through, then wants a solved challenge for each further one', async () => {
    const { guard } = setUp();
    for (let i = 0; i < 3; i += 1) expect(codeOf(await guard.admit(attempt()))).toBe('ok');
    expect(codeOf(await guard.admit(attempt()))).toBe('CHALLENGE_REQUIRED');
    expect(codeOf(await guard.admit(attempt({ challenge: 'bad' })))).toBe('CHALLENGE_REQUIRED');
    expect(codeOf(await guard.admit(attempt({ challenge: 'good:1' })))).toBe('ok');
    expect(codeOf(await guard.admit(attempt({ challenge: 'good:1' })))).toBe('RATE_LIMITED'); // the 7th of the address
    expect(codeOf(await guard.admit(attempt({ address: '198.51.100.2' })))).toBe('ok');
  });

  it('a replayed solution is refused', async () => {
    const { guard } = setUp();
    for (let i = 0; i < 3; i += 1) await guard.admit(attempt());
    expect(codeOf(await guard.admit(attempt({ challenge: 'good:2' })))).toBe('ok');
    expect(codeOf(await guard.admit(attempt({ challenge: 'good:2' })))).toBe('CHALLENGE_REQUIRED');
  });

  it('counts what was booked against a phone whatever its spelling and an e-mail without case, across addresses', async () => {
    const { guard, counters } = setUp();
    const phones = ['090-1111-2222', '09011112222', '+81 90 1111 2222', '０９０－１１１１－２２２２', '09011112222'];
    for (const [i, phone] of phones.entries()) {
      const booked = attempt({ address: `10.0.0.${i}`, phone });
      expect(codeOf(await guard.admit(booked))).toBe('ok');
      await guard.counted(booked);
    }
    expect(codeOf(await guard.admit(attempt({ address: '10.0.1.1', phone: '090-1111-2222' })))).toBe('RATE_LIMITED');
    expect([...counters.phone.counts.keys()]).toEqual(['+819011112222']);

    for (let i = 0; i < 5; i += 1) await guard.counted(attempt({ address: `10.0.2.${i}`, email: i % 2 ? 'Same@Example.jp' : 'same@example.jp ' }));
    expect(codeOf(await guard.admit(attempt({ address: '10.0.3.1', email: 'SAME@example.jp' })))).toBe('RATE_LIMITED');
    // Staff clear the person's limits.
    await guard.clear({ phone: '090-1111-2222', email: 'same@example.jp' });
    expect(codeOf(await guard.admit(attempt({ address: '10.0.4.1', phone: '09011112222', email: 'same@example.jp' })))).toBe('ok');
  });

  it("refused attempts with someone's phone and e-mail count against the sender's address only", async () => {
    const { guard, counters } = setUp();
    for (let i = 0; i < 6; i += 1) await guard.admit(attempt({ phone: '090-9999-0000', email: 'victim@example.jp', challenge: `good:${100 + i}` }));
    expect(counters.phone.counts.size).toBe(0);
    expect(counters.email.counts.size).toBe(0);
    expect(codeOf(await guard.admit(attempt({ address: '10.9.9.9', phone: '090-9999-0000', email: 'victim@example.jp' })))).toBe('ok');
  });

  it('an attempt without an e-mail is not counted under one', async () => {
    const { guard, counters } = setUp();
    expect(codeOf(await guard.admit(attempt({ email: null })))).toBe('ok');
    expect(counters.email.counts.size).toBe(0);
  });
});
