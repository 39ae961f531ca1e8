import { DomainRuleViolation, ServiceUnavailableError } from '@clinic/core';
import type { Middleware } from 'koa';
import { ERROR_MESSAGES, HTTP_MESSAGES } from '../errors/error-messages';
import { HttpDomainError, renderDomainError, type ErrorBody } from '../errors/http-error';
import type { AppState } from './request-context';

const body = (code: string, message: string): ErrorBody => ({ error: { code, message } });

/**
 * First in the chain: every failure leaves as `{error: {code, message}}` with the status of its
 * code. A crash is logged with its request id and answered 500 without internals.
 */
export const errorHandler = (): Middleware<AppState> => async (ctx, next) => {
  try {
    await next();
    if (ctx.status === 404 && ctx.body === undefined && ctx.path.startsWith('/api')) {
      ctx.status = 404;
      ctx.body = body('NOT_FOUND', HTTP_MESSAGES.NOT_FOUND);
    }
  } catch (error) {
    if (error instanceof HttpDomainError || error instanceof DomainRuleViolation) {
      const rendered = renderDomainError(error instanceof HttpDomainError ? error.domainError : error.error);
      ctx.status = rendered.status;
      ctx.body = rendered.body;
      if (rendered.status === 429 && error instanceof HttpDomainError) {
        const retry = error.domainError.detail?.retryAfterSeconds;
        if (retry !== undefined) ctx.set('Retry-After', String(retry));
      }
      return;
    }
    if (error instanceof ServiceUnavailableError) {
      ctx.state.log?.warn({ err: error.cause ?? error }, 'service unavailable');
      ctx.status = 503;
      ctx.body = body('SERVICE_UNAVAILABLE', ERROR_MESSAGES.SERVICE_UNAVAILABLE);
      return;
    }
    const status = typeof (error as { status?: unknown }).status === 'number' ? (error as { status: number }).status : 500;
    if (status === 413) {
      ctx.status = 413;
      ctx.body = body('VALIDATION_FAILED', HTTP_MESSAGES.PAYLOAD_TOO_LARGE);
      return;
    }
    if (status === 405 || status === 501) {
      ctx.status = 405;
      ctx.body = body('METHOD_NOT_ALLOWED', HTTP_MESSAGES.METHOD_NOT_ALLOWED);
      return;
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON or form, an unsupported content type: the client's input is wrong.
      ctx.status = status === 415 ? 415 : 400;
      ctx.body = body('VALIDATION_FAILED', ERROR_MESSAGES.VALIDATION_FAILED);
      return;
    }
    if (isDatabaseDown(error)) {
      ctx.state.log?.warn({ err: error }, 'database unavailable');
      ctx.status = 503;
      ctx.body = body('SERVICE_UNAVAILABLE', ERROR_MESSAGES.SERVICE_UNAVAILABLE);
      return;
    }
    ctx.state.log?.error({ err: error }, 'unhandled error');
    ctx.status = 500;
    ctx.body = body('INTERNAL_ERROR', HTTP_MESSAGES.INTERNAL);
  }
};

const isDatabaseDown = (error: unknown): boolean => {
  const code = (error as { code?: unknown })?.code;
  if (typeof code === 'string' && ['ECONNREFUSED', 'ECONNRESET', '57P01', '57P03', '08006', '08001'].includes(code)) return true;
  const message = error instanceof Error ? error.message : '';
  return /Timeout acquiring a connection|Connection terminated|ECONNREFUSED|Client has encountered a connection error|Client was closed and is not queryable/.test(message);
};
