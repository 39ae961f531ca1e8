import { fail, ok, type Result } from '../../shared/result';
import { phoneKey } from '../../shared/person-identity';
import type { AttemptCounterPort, ProofOfWorkPort } from '../ports/guest-guard.port';

/**
 * The thresholds of the guest booking guard (config: GUEST_* in the README, docs/security.md).
 * Windows belong to the counters: an hour for the client address, a day for phone and e-mail.
 */
export interface GuestGuardPolicy {
  /** Attempts from one client address per hour without a challenge; past it each attempt needs a solved one. */
  readonly freePerAddress: number;
  /** Attempts from one client address per hour at all (RATE_LIMITED past it, challenge or not). */
  readonly maxPerAddress: number;
  /** Attempts for one phone number per day. */
  readonly maxPerPhone: number;
  /** Attempts for one e-mail address per day. */
  readonly maxPerEmail: number;
}

export interface GuestGuardCounters {
  readonly address: AttemptCounterPort;
  readonly phone: AttemptCounterPort;
  readonly email: AttemptCounterPort;
}

export interface GuestAttempt {
  /** The client address as the HTTP adapter reads it. */
  readonly address: string;
  readonly phone: string;
  readonly email: string | null;
  /** The solver's answer to a challenge of `GET /api/guests/challenge`, when the browser sends one. */
  readonly challenge?: string | null;
}

/** One phone whatever its spelling: 090-1234-5678, 09012345678 and +81 90 1234 5678 are one key (E.164). */
const phoneCounterKey = (phone: string): string => phoneKey(phone) ?? phone.trim();
const emailCounterKey = (email: string | null | undefined): string | null => email?.trim().toLowerCase() || null;

/**
 * Guards what a guest can do without an account (booking, joining the waitlist): every attempt is
 * counted against the client address it came from; past a gentle threshold per address the browser
 * must solve a proof-of-work challenge for each further attempt, and past the hard limit the
 * attempt is refused. The phone and e-mail limits count only what was booked or joined
 * (`counted`, after the use case succeeded): refused attempts with someone else's phone or e-mail
 * count against the sender's address, never against that person (issue 26). A person booking
 * normally (a few attempts an hour) sees nothing.
 */
export class GuestBookingGuard {
  constructor(
    private readonly counters: GuestGuardCounters,
    private readonly proofOfWork: ProofOfWorkPort,
    private readonly policy: GuestGuardPolicy,
  ) {}

  async admit(attempt: GuestAttempt): Promise<Result<void, 'CHALLENGE_REQUIRED' | 'RATE_LIMITED'>> {
    const email = emailCounterKey(attempt.email);
    const [byAddress, byPhone, byEmail] = await Promise.all([
      this.counters.address.hit(attempt.address),
      this.counters.phone.count(phoneCounterKey(attempt.phone)),
      email ? this.counters.email.count(email) : Promise.resolve(0),
    ]);
    if (byAddress > this.policy.maxPerAddress || byPhone >= this.policy.maxPerPhone || byEmail >= this.policy.maxPerEmail) return fail('RATE_LIMITED');
    if (byAddress > this.policy.freePerAddress && !(attempt.challenge && (await this.proofOfWork.redeem(attempt.challenge)))) {
      return fail('CHALLENGE_REQUIRED');
    }
    return ok(undefined);
  }

  /** An admitted attempt booked or joined: it counts against the phone and the e-mail. */
  async counted(attempt: Pick<GuestAttempt, 'phone' | 'email'>): Promise<void> {
    const email = emailCounterKey(attempt.email);
    await Promise.all([this.counters.phone.hit(phoneCounterKey(attempt.phone)), email ? this.counters.email.hit(email) : Promise.resolve(0)]);
  }

  /** Staff clear a person's guest limits (their phone and e-mail), from the member panel. */
  async clear(person: { readonly phone: string | null; readonly email: string | null }): Promise<void> {
    const email = emailCounterKey(person.email);
    await Promise.all([
      person.phone?.trim() ? this.counters.phone.clear(phoneCounterKey(person.phone)) : Promise.resolve(),
      email ? this.counters.email.clear(email) : Promise.resolve(),
    ]);
  }

  /** A challenge for the browser to solve. */
  challenge() {
    return this.proofOfWork.issue();
  }
}
