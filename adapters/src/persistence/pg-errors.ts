import { DomainRuleViolation, ServiceUnavailableError, type DomainError, type ErrorCode } from '@clinic/core';

interface PgLikeError {
  code?: string;
  constraint?: string;
  nativeError?: PgLikeError;
}

const pgError = (error: unknown): PgLikeError | null => {
  if (typeof error !== 'object' || error === null) return null;
  const candidate = error as PgLikeError;
  if (candidate.nativeError && typeof candidate.nativeError.code === 'string') return candidate.nativeError;
  return typeof candidate.code === 'string' ? candidate : null;
};

/** SQLSTATE of a driver error (pg, PGlite or Objection-wrapped), if any. */
export const sqlState = (error: unknown): string | null => pgError(error)?.code ?? null;

const CONNECTION_FAILURES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08006']);

/**
 * Turns a storage failure into what the domain understands: a broken uniqueness or exclusion
 * rule becomes a DomainRuleViolation with the code given for that constraint; a lost database
 * becomes ServiceUnavailableError; anything else is rethrown as it is.
 */
export const translateDbError = (error: unknown, constraints: Readonly<Record<string, ErrorCode>>): never => {
  const pgErr = pgError(error);
  if (pgErr?.code === '23505' || pgErr?.code === '23P01') {
    const code = pgErr.constraint ? constraints[pgErr.constraint] : undefined;
    if (code) throw new DomainRuleViolation({ code });
  }
  if (pgErr?.code && CONNECTION_FAILURES.has(pgErr.code)) {
    throw new ServiceUnavailableError('database unavailable', { cause: error });
  }
  if (
    error instanceof Error &&
    /Timeout acquiring a connection|Connection terminated|connect ECONNREFUSED|Client has encountered a connection error|Client was closed and is not queryable/.test(
      error.message,
    )
  ) {
    throw new ServiceUnavailableError('database unavailable', { cause: error });
  }
  throw error;
};

const constraintOf = (error: unknown): string | undefined => pgError(error)?.constraint;

/**
 * `translateDbError` plus the foreign keys of one write: a 23503 on a named constraint becomes
 * the domain error given for it (a missing parent on insert, or a row still referenced on delete).
 */
export const translateWriteError = (
  error: unknown,
  unique: Readonly<Record<string, ErrorCode>>,
  foreignKeys: Readonly<Record<string, ErrorCode | DomainError>> = {},
): never => {
  if (sqlState(error) === '23503') {
    const name = constraintOf(error);
    const mapped = name ? foreignKeys[name] : undefined;
    if (mapped) throw new DomainRuleViolation(typeof mapped === 'string' ? { code: mapped } : mapped);
  }
  return translateDbError(error, unique);
};

/** Ids are bigint identities: anything else cannot name a row. */
export const isId = (id: string): boolean => /^\d{1,18}$/.test(id);

/** A transaction PostgreSQL ended to let another go on (serialization failure, deadlock): worth running again. */
const isTransient = (error: unknown): boolean => {
  const state = sqlState(error);
  return state === '40001' || state === '40P01';
};

/**
 * Up to 8 runs, pausing 5 ms plus a random part that doubles each time (at most 20, 40, 80, 160,
 * 320, 320, 320 ms: 1.3 s in all). Two bookings that collide on one resource can both be inserted
 * before either checks the exclusion constraint, and PostgreSQL then ends one as a deadlock's
 * loser. Eight clients writing the same two days (test/contracts/busy-quarters.test.ts) once lost
 * four runs in a row with four short pauses; a growing pause lets the others commit first, and
 * the next run sees them.
 */
const TRANSIENT_ATTEMPTS = 8;
const pauseBefore = (attempt: number): number => 5 + Math.random() * 10 * 2 ** Math.min(attempt, 5);

/**
 * Runs `work` (a whole transaction) again when PostgreSQL ended it as a deadlock's or a
 * serialization failure's loser, after a short random pause; after the last attempt the caller
 * gets ServiceUnavailableError (503), never the raw driver error (a 500). `work` must be only
 * database work that its rollback undoes.
 */
export const retryTransient = async <T>(what: string, work: () => Promise<T>): Promise<T> => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!isTransient(error)) throw error;
      if (attempt >= TRANSIENT_ATTEMPTS) throw new ServiceUnavailableError(`${what} kept failing`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, pauseBefore(attempt)));
    }
  }
};
