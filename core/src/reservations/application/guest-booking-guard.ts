import { fail, ok, type Result } from '../../shared/result';
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

/** Digits only: 090-1234-5678 and 09012345678 are one phone. */
const phoneKey = (phone: string): string => phone.replace(/[^0-9]/g, '');

/**
 * Guards what a guest can do without an account (booking now, joining the waitlist later): every
 * attempt is counted per client address, phone and e-mail; past a gentle threshold per address
 * the browser must solve a proof-of-work challenge for each further attempt, and past the hard
 * limits the attempt is refused. A person booking normally (a few attempts an hour) sees nothing.
 */
export class GuestBookingGuard {
  constructor(
    private readonly counters: GuestGuardCounters,
    private readonly proofOfWork: ProofOfWorkPort,
    private readonly policy: GuestGuardPolicy,
  ) {}

  async admit(attempt: GuestAttempt): Promise<Result<void, 'CHALLENGE_REQUIRED' | 'RATE_LIMITED'>> {
    const email = attempt.email?.trim().toLowerCase() || null;
    const [byAddress, byPhone, byEmail] = await Promise.all([
      this.counters.address.hit(attempt.address),
      this.counters.phone.hit(phoneKey(attempt.phone)),
      email ? this.counters.email.hit(email) : Promise.resolve(0),
    ]);
    if (byAddress > this.policy.maxPerAddress || byPhone > this.policy.maxPerPhone || byEmail > this.policy.maxPerEmail) return fail('RATE_LIMITED');
    if (byAddress > this.policy.freePerAddress && !(attempt.challenge && (await this.proofOfWork.redeem(attempt.challenge)))) {
      return fail('CHALLENGE_REQUIRED');
    }
    return ok(undefined);
  }

  /** A challenge for the browser to solve. */
  challenge() {
    return this.proofOfWork.issue();
  }
}
