export type IdempotencyClaim =
  | { readonly kind: 'new' }
  | { readonly kind: 'replay'; readonly status: number; readonly body: unknown }
  | { readonly kind: 'mismatch' }
  | { readonly kind: 'in-progress' };

/** First answers to requests sent with an Idempotency-Key, kept for 24 hours. */
export interface IdempotencyStorePort {
  /** Claims the key for this request, or says what happened to it before. */
  claim(scope: string, key: string, requestHash: string): Promise<IdempotencyClaim>;
  complete(scope: string, key: string, status: number, body: unknown): Promise<void>;
  /** Forgets a claim whose request failed for a passing reason, so it may be sent again. */
  release(scope: string, key: string): Promise<void>;
}
