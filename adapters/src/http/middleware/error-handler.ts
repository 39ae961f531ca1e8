import { DomainRuleViolation, ServiceUnavailableError } from '@clinic/core';
import type { Middleware } from 'koa';
import { HTTP_MESSAGES } from '../errors/error-messages';
import { errorMessage, httpMessage } from '../errors/error-messages.i18n';
import { requestLanguage } from '../language';
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
      ctx.body = body('NOT_FOUND', httpMessage('NOT_FOUND', requestLanguage(ctx)));
    }
  } catch (error) {
    // Guests and members read the message in their language (docs/languages.md); staff in Japanese.
    const language = requestLanguage(ctx);
    // An error answer is never cached, whatever the route had set before it failed.
    ctx.set('Cache-Control', 'no-store');
    if (error instanceof HttpDomainError || error instanceof DomainRuleViolation) {
      const rendered = renderDomainError(error instanceof HttpDomainError ? error.domainError : error.error, language);
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
      ctx.body = body('SERVICE_UNAVAILABLE', errorMessage('SERVICE_UNAVAILABLE', language));
      return;
    }
    const status = typeof (error as { status?: unknown }).status === 'number' ? (error as { status: number }).status : 500;
    if (status === 413) {
      ctx.status = 413;
      ctx.body = body('VALIDATION_FAILED', httpMessage('PAYLOAD_TOO_LARGE', language));
      return;
    }
    if (status === 405 || status === 501) {
      ctx.status = 405;
      ctx.body = body('METHOD_NOT_ALLOWED', httpMessage('METHOD_NOT_ALLOWED', language));
      return;
    }
    if (isBrokenEncoding(error)) {
      // A body that says gzip or deflate and is not (zlib refuses it): malformed input, like bad JSON.
      ctx.status = 400;
      ctx.body = body('VALIDATION_FAILED', errorMessage('VALIDATION_FAILED', language));
      return;
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON or form, an unsupported content type: the client's input is wrong.
      ctx.status = status === 415 ? 415 : 400;
      ctx.body = body('VALIDATION_FAILED', errorMessage('VALIDATION_FAILED', language));
      return;
    }
    if (isDatabaseDown(error)) {
      ctx.state.log?.warn({ err: error }, 'database unavailable');
      ctx.status = 503;
      ctx.body = body('SERVICE_UNAVAILABLE', errorMessage('SERVICE_UNAVAILABLE', language));
      return;
    }
    ctx.state.log?.error({ err: error }, 'unhandled error');
    ctx.status = 500;
    ctx.body = body('INTERNAL_ERROR', httpMessage('INTERNAL', language));
  }
};

/** zlib's refusals of a request body (`Z_DATA_ERROR`, `Z_BUF_ERROR`, …), thrown by the body parser's inflate. */
const isBrokenEncoding = (error: unknown): boolean => {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' && /^Z_[A-Z_]+_ERROR$/.test(code);
};

/**
 * The request body's Content-Encoding: none, `identity`, `gzip` or `deflate` (what the body parser
 * inflates); anything else, or a list of several, is 415 `UNSUPPORTED_MEDIA_TYPE` before the body
 * is read. Brotli is refused on purpose: no browser compresses what it sends, and a decoder of a
 * client's choosing is one more thing to fuzz. Runs before the body parser.
 */
export const contentEncodingGuard = (): Middleware<AppState> => async (ctx, next) => {
  const encoding = ctx.get('Content-Encoding').trim().toLowerCase();
  if (encoding === '' || encoding === 'identity' || encoding === 'gzip' || encoding === 'deflate') {
    // The body parser compares case-sensitively: hand it the normalised name.
    if (encoding !== '' && ctx.req.headers['content-encoding'] !== encoding) ctx.req.headers['content-encoding'] = encoding;
    return next();
  }
  ctx.status = 415;
  ctx.set('Cache-Control', 'no-store');
  ctx.body = body('UNSUPPORTED_MEDIA_TYPE', HTTP_MESSAGES.UNSUPPORTED_ENCODING);
};

const isDatabaseDown = (error: unknown): boolean => {
  const code = (error as { code?: unknown })?.code;
  if (typeof code === 'string' && ['ECONNREFUSED', 'ECONNRESET', '57P01', '57P03', '08006', '08001'].includes(code)) return true;
  const message = error instanceof Error ? error.message : '';
  return /Timeout acquiring a connection|Connection terminated|ECONNREFUSED|Client has encountered a connection error|Client was closed and is not queryable/.test(
    message,
  );
};
