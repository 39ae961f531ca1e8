import { SalonSystemError, type SalonContract, type SalonExportedMember, type SalonMember, type SalonMemberRef, type SalonSystemPort } from '@clinic/core';
import {
  BrokenCircuitError,
  CircuitState,
  ConsecutiveBreaker,
  ExponentialBackoff,
  TaskCancelledError,
  TimeoutStrategy,
  circuitBreaker,
  handleWhen,
  retry,
  timeout,
  wrap,
  type CircuitBreakerPolicy,
  type IPolicy,
} from 'cockatiel';
import type { z } from 'zod';
import { contractsAnswer, exportAnswer, memberAnswer, membersAnswer } from './salon-api.schemas';

export interface SalonHttpOptions {
  /** e.g. `https://salon.example.jp/api/v1` (no trailing slash needed). */
  readonly baseUrl: string;
  readonly apiKey: string;
  /** Per attempt. */
  readonly timeoutMs: number;
  /** Attempts after the first, for timeouts, network errors and 5xx answers. */
  readonly retries: number;
  /** First backoff delay; doubles each retry (with jitter), capped at 10×. */
  readonly backoffMs: number;
  /** Consecutive failed attempts that open the circuit. */
  readonly breakerThreshold: number;
  /** How long the circuit stays open before one trial call is let through. */
  readonly halfOpenAfterMs: number;
  /** Safety stop for the export's pages. */
  readonly maxPages?: number;
}

/** A failure worth retrying and counting against the circuit. */
class TransientFailure extends Error {
  constructor(
    readonly reason: 'UNREACHABLE' | 'SERVER_ERROR',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
/** An answer we cannot use (bad JSON, wrong shape): counted against the circuit, not retried. */
class InvalidAnswer extends Error {}
/** The salon system refused the call (a 4xx other than 404: key, request): neither retried nor counted. */
class Rejected extends Error {}

const isTransient = (error: Error) => error instanceof TransientFailure || error instanceof TaskCancelledError;

/**
 * The salon-management system over HTTP, through one cockatiel policy shared by every call:
 * retry (with exponential backoff) around a circuit breaker around a per-attempt timeout. Every
 * failure leaves as a `SalonSystemError`, which the HTTP adapter answers with 503.
 */
export class HttpSalonSystem implements SalonSystemPort {
  private readonly breaker: CircuitBreakerPolicy;
  private readonly policy: IPolicy;
  private readonly base: string;

  constructor(private readonly options: SalonHttpOptions) {
    this.base = options.baseUrl.replace(/\/+$/, '');
    this.breaker = circuitBreaker(
      handleWhen((error) => isTransient(error) || error instanceof InvalidAnswer),
      {
        halfOpenAfter: options.halfOpenAfterMs,
        breaker: new ConsecutiveBreaker(options.breakerThreshold),
      },
    );
    const retrying = retry(handleWhen(isTransient), {
      maxAttempts: options.retries,
      backoff: new ExponentialBackoff({ initialDelay: options.backoffMs, maxDelay: options.backoffMs * 10 }),
    });
    this.policy = wrap(retrying, this.breaker, timeout(options.timeoutMs, TimeoutStrategy.Aggressive));
  }

  circuitState(): 'closed' | 'open' | 'half-open' {
    switch (this.breaker.state) {
      case CircuitState.Closed:
        return 'closed';
      case CircuitState.HalfOpen:
        return 'half-open';
      default:
        return 'open';
    }
  }

  async findMember(ref: SalonMemberRef): Promise<SalonMember | null> {
    if ('memberId' in ref) {
      const answer = await this.get(`/members/${encodeURIComponent(ref.memberId)}`, memberAnswer);
      return answer ? answer.member : null;
    }
    const answer = await this.get(`/members?cardNumber=${encodeURIComponent(ref.cardNumber)}`, membersAnswer);
    return answer?.members[0] ?? null;
  }

  async contractsOf(memberId: string): Promise<SalonContract[] | null> {
    const answer = await this.get(`/members/${encodeURIComponent(memberId)}/contracts`, contractsAnswer);
    return answer ? answer.contracts : null;
  }

  async exportMembers(): Promise<SalonExportedMember[]> {
    const members: SalonExportedMember[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < (this.options.maxPages ?? 1000); page++) {
      const answer: z.output<typeof exportAnswer> | null = await this.get(
        `/export/members${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
        exportAnswer,
      );
      if (!answer) throw new SalonSystemError('INVALID_RESPONSE', 'the salon system has no member export (404)');
      members.push(...answer.members);
      cursor = answer.nextCursor;
      if (!cursor) return members;
    }
    throw new SalonSystemError('INVALID_RESPONSE', 'the salon system export did not end');
  }

  /** The parsed answer, or null on 404. */
  private async get<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S> | null> {
    try {
      return await this.policy.execute(({ signal }) => this.attempt(path, schema, signal));
    } catch (error) {
      throw this.explain(path, error);
    }
  }

  private async attempt<S extends z.ZodType>(path: string, schema: S, signal: AbortSignal): Promise<z.output<S> | null> {
    let response: Response;
    try {
      response = await fetch(this.base + path, {
        headers: { Accept: 'application/json', Authorization: `Bearer ${this.options.apiKey}` },
        signal,
      });
    } catch (error) {
      if (signal.aborted) throw error;
      throw new TransientFailure('UNREACHABLE', `the salon system could not be reached: ${(error as Error).message}`, { cause: error });
    }
    const text = await response.text();
    if (response.status === 404) return null;
    if (response.status >= 500) throw new TransientFailure('SERVER_ERROR', `the salon system answered ${response.status}`);
    if (response.status !== 200) throw new Rejected(`the salon system refused the call with ${response.status}`);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new InvalidAnswer('the salon system answered something that is not JSON');
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new InvalidAnswer(`the salon system answered an unexpected shape: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
    }
    return parsed.data;
  }

  private explain(path: string, error: unknown): SalonSystemError {
    const where = `GET ${path.split('?')[0]}`;
    if (error instanceof SalonSystemError) return error;
    if (error instanceof BrokenCircuitError) return new SalonSystemError('CIRCUIT_OPEN', `${where}: the circuit to the salon system is open`, { cause: error });
    if (error instanceof TaskCancelledError)
      return new SalonSystemError('TIMEOUT', `${where}: no answer within ${this.options.timeoutMs} ms`, { cause: error });
    if (error instanceof TransientFailure) return new SalonSystemError(error.reason, `${where}: ${error.message}`, { cause: error });
    if (error instanceof InvalidAnswer) return new SalonSystemError('INVALID_RESPONSE', `${where}: ${error.message}`, { cause: error });
    if (error instanceof Rejected) return new SalonSystemError('REJECTED', `${where}: ${error.message}`, { cause: error });
    return new SalonSystemError('UNREACHABLE', `${where}: ${(error as Error)?.message ?? String(error)}`, { cause: error });
  }
}
