import type { AttemptCounterPort, ProofOfWorkChallenge, ProofOfWorkPort } from '@clinic/core';
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

export interface AltchaOptions {
  /** PBKDF2-SHA-256 iterations per try (GUEST_CHALLENGE_COST). */
  readonly cost: number;
  /** The secret counter is drawn from [maxCounter / 2, maxCounter]: the browser tries about 3/4 of it (GUEST_CHALLENGE_MAX_COUNTER). */
  readonly maxCounter: number;
  /** How long a challenge may be solved and redeemed. */
  readonly ttlSeconds: number;
}

const ALGORITHM = 'PBKDF2/SHA-256';
const MAX_PAYLOAD = 4000;

/**
 * ALTCHA proof of work (altcha-lib v2, self-hosted, nothing leaves the server chain). Challenges
 * are in deterministic mode: the server picks the counter, signs the parameters and the expected
 * key (HMAC keys shared by every server, from `secrets`), so checking a solution is two HMACs.
 * A solution is redeemed once: `used` counts redemptions per challenge signature for the
 * challenge's lifetime, and only the first is accepted.
 */
export class AltchaProofOfWork implements ProofOfWorkPort {
  constructor(
    private readonly secrets: () => Promise<{ signature: string; key: string }>,
    private readonly used: AttemptCounterPort,
    private readonly options: AltchaOptions,
  ) {}

  async issue(): Promise<ProofOfWorkChallenge> {
    const { signature, key } = await this.secrets();
    const max = Math.max(1, this.options.maxCounter);
    const challenge = await createChallenge({
      algorithm: ALGORITHM,
      cost: this.options.cost,
      counter: randomInt(max, Math.ceil(max / 2)),
      deriveKey,
      expiresAt: new Date(Date.now() + this.options.ttlSeconds * 1000),
      hmacSignatureSecret: signature,
      hmacKeySignatureSecret: key,
    });
    return { parameters: challenge.parameters as unknown as ProofOfWorkChallenge['parameters'], signature: challenge.signature! };
  }

  async redeem(payload: string): Promise<boolean> {
    const parsed = parsePayload(payload);
    if (!parsed || parsed.challenge.parameters.algorithm !== ALGORITHM) return false;
    const { signature, key } = await this.secrets();
    let verified: boolean;
    try {
      verified = (
        await verifySolution({ challenge: parsed.challenge, solution: parsed.solution, deriveKey, hmacSignatureSecret: signature, hmacKeySignatureSecret: key })
      ).verified;
    } catch {
      return false; // malformed parameters (a bad prefix, a key of the wrong length…)
    }
    return verified && (await this.used.hit(parsed.challenge.signature!)) === 1;
  }
}

/** The solver's answer: `{ challenge, solution }` as JSON, or that JSON in base64 (the ALTCHA widget's form). */
const parsePayload = (payload: string): { challenge: Challenge; solution: Solution } | null => {
  if (payload.length > MAX_PAYLOAD) return null;
  let value: unknown;
  try {
    value = JSON.parse(payload.trimStart().startsWith('{') ? payload : Buffer.from(payload, 'base64').toString('utf8'));
  } catch {
    return null;
  }
  const candidate = value as { challenge?: { parameters?: unknown; signature?: unknown }; solution?: { counter?: unknown; derivedKey?: unknown } } | null;
  if (!candidate || typeof candidate !== 'object') return null;
  const { challenge, solution } = candidate;
  if (!challenge || typeof challenge.parameters !== 'object' || challenge.parameters === null || typeof challenge.signature !== 'string') return null;
  if (!solution || typeof solution.counter !== 'number' || typeof solution.derivedKey !== 'string') return null;
  return { challenge: challenge as Challenge, solution: solution as Solution };
};
