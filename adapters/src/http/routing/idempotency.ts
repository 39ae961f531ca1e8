import type { IdempotencyStorePort } from '@clinic/core';
import { createHash } from 'node:crypto';
import { HttpDomainError, renderDomainError } from '../errors/http-error';
import type { ApiContext } from '../middleware/auth';

const KEY = /^[\x21-\x7e]{1,200}$/;

/**
 * Runs a POST once per Idempotency-Key: the same key and body within 24 hours gets the first
 * answer again (and books nothing more); the same key with another body is 422.
 */
export const idempotent = async (ctx: ApiContext, store: IdempotencyStorePort, scope: string, body: unknown, run: () => Promise<void>): Promise<void> => {
  const key = ctx.get('Idempotency-Key');
  if (!key) return run();
  if (!KEY.test(key)) throw HttpDomainError.of('VALIDATION_FAILED', { fields: [{ path: 'headers.Idempotency-Key', message: 'Idempotency-Keyの形式が正しくありません。' }] });
  const hash = createHash('sha256').update(`${ctx.method} ${ctx.path}\n${JSON.stringify(body)}`).digest('hex');
  const claim = await store.claim(scope, key, hash);
  if (claim.kind === 'replay') {
    ctx.status = claim.status;
    ctx.body = claim.body;
    ctx.set('Idempotent-Replayed', 'true');
    return;
  }
  if (claim.kind === 'mismatch') {
    ctx.status = 422;
    ctx.body = { error: { code: 'VALIDATION_FAILED', message: 'このIdempotency-Keyは別の内容の予約にすでに使われています。' } };
    return;
  }
  if (claim.kind === 'in-progress') {
    ctx.status = 409;
    ctx.body = { error: { code: 'VALIDATION_FAILED', message: '同じ予約を処理中です。しばらくしてから結果をご確認ください。' } };
    return;
  }
  try {
    await run();
    await store.complete(scope, key, ctx.status, ctx.body);
  } catch (error) {
    if (error instanceof HttpDomainError) {
      const rendered = renderDomainError(error.domainError);
      if (rendered.status < 500) {
        await store.complete(scope, key, rendered.status, rendered.body);
        throw error;
      }
    }
    await store.release(scope, key);
    throw error;
  }
};
