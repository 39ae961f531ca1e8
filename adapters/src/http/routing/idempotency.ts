import type { IdempotencyStorePort } from '@clinic/core';
import { createHash } from 'node:crypto';
import { HttpDomainError, renderDomainError } from '../errors/http-error';
import { requestLanguage } from '../language';
import { principalOf, type ApiContext } from '../middleware/auth';

const KEY = /^[\x21-\x7e]{1,200}$/;

/**
 * Who is asking, for the scope of a key: the logged-in member or staff member, or for a guest the
 * client (address and browser, as a digest). A key is only ever replayed to the caller who used it:
 * a guest's answer holds the cancel token, which another client must never get by sending the same
 * key and body (issue 16, item 9).
 */
export const callerOf = (ctx: ApiContext): string => {
  const principal = principalOf(ctx);
  if (principal) return `${principal.type}:${principal.id}`;
  return `client:${createHash('sha256')
    .update(`${ctx.ip}\n${ctx.get('User-Agent')}`)
    .digest('hex')
    .slice(0, 32)}`;
};

/** The refusals of a POST made idempotent, besides the route's own. */
export const IDEMPOTENCY_ERRORS = ['IDEMPOTENCY_KEY_REUSED', 'IDEMPOTENCY_IN_PROGRESS'] as const;

/** The answers of a POST made idempotent, besides the route's own: a key reused with another body, or still being answered. */
export const IDEMPOTENCY_RESPONSES = {
  409: { description: '同じ `Idempotency-Key` の呼び出しを処理中です（`IDEMPOTENCY_IN_PROGRESS`）。' },
  422: { description: '`Idempotency-Key` がすでに別の内容の呼び出しに使われています（`IDEMPOTENCY_KEY_REUSED`）。' },
} as const;

/**
 * Runs a POST once per Idempotency-Key and caller (`callerOf`): the same key and body from the same
 * caller within 24 hours gets the first answer again (and books nothing more); the same key with
 * another body is 422. `kind` names the kind of call (a member's, a guest's, a staff booking).
 */
export const idempotent = async (ctx: ApiContext, store: IdempotencyStorePort, kind: string, body: unknown, run: () => Promise<void>): Promise<void> => {
  const key = ctx.get('Idempotency-Key');
  if (!key) return run();
  if (!KEY.test(key))
    throw HttpDomainError.of('VALIDATION_FAILED', { fields: [{ path: 'headers.Idempotency-Key', message: 'Idempotency-Keyの形式が正しくありません。' }] });
  const scope = `${kind}|${callerOf(ctx)}`;
  const hash = createHash('sha256')
    .update(`${ctx.method} ${ctx.path}\n${JSON.stringify(body)}`)
    .digest('hex');
  const claim = await store.claim(scope, key, hash);
  if (claim.kind === 'replay') {
    ctx.status = claim.status;
    ctx.body = claim.body;
    ctx.set('Idempotent-Replayed', 'true');
    return;
  }
  // Codes of the one error table (status, message in the caller's language), as every refusal.
  if (claim.kind === 'mismatch') throw HttpDomainError.of('IDEMPOTENCY_KEY_REUSED');
  if (claim.kind === 'in-progress') throw HttpDomainError.of('IDEMPOTENCY_IN_PROGRESS');
  try {
    await run();
    await store.complete(scope, key, ctx.status, ctx.body);
  } catch (error) {
    if (error instanceof HttpDomainError) {
      const rendered = renderDomainError(error.domainError, requestLanguage(ctx));
      if (rendered.status < 500) {
        await store.complete(scope, key, rendered.status, rendered.body);
        throw error;
      }
    }
    await store.release(scope, key);
    throw error;
  }
};
