import type { DomainError, ErrorCode } from './errors';

/** The outcome of a use case: a value, or an expected failure keyed by `code`. */
export type Result<T, C extends ErrorCode = ErrorCode> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: DomainError<C> };

export const ok = <T>(value: T): { readonly ok: true; readonly value: T } => ({ ok: true, value });

export const fail = <C extends ErrorCode>(code: C, extra: Omit<DomainError<C>, 'code'> = {}): { readonly ok: false; readonly error: DomainError<C> } => ({
  ok: false,
  error: { code, ...extra },
});

/**
 * Whether a value is a failed `Result`: a transaction whose work answers one is rolled back
 * (`ReservationRepositoryPort.inTransaction`), so a refusal leaves nothing written.
 */
export const isFailure = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && (value as { ok?: unknown }).ok === false && 'error' in value;
