import type { DomainError, ErrorCode, FieldError, Language } from '@clinic/core';
import { localizeFieldMessage } from '../language';
import { errorMessage } from './error-messages.i18n';
import { ERROR_STATUS } from './error-status';

export interface ErrorBody {
  readonly error: {
    readonly code: string;
    readonly message: string;
    readonly fields?: readonly FieldError[];
    readonly detail?: Readonly<Record<string, string | number>>;
  };
}

/** Thrown inside the HTTP adapter to answer with a domain error; the error middleware renders it. */
export class HttpDomainError extends Error {
  constructor(readonly domainError: DomainError) {
    super(domainError.code);
    this.name = 'HttpDomainError';
  }

  static of(code: ErrorCode, extra: Omit<DomainError, 'code'> = {}): HttpDomainError {
    return new HttpDomainError({ code, ...extra });
  }
}

/**
 * A "not found" that names the fields at fault is about something the request body refers to (a
 * category id in a menu, a clinic id in a memo): bad input, 400. Without fields it is about the
 * record the path names: 404. Likewise a wrong two-factor code with fields is 400.
 */
const statusOf = (error: DomainError): number => {
  if (error.code.endsWith('_NOT_FOUND') && error.fields && error.fields.length > 0) return 400;
  // A wrong code typed into a two-factor settings form is bad input (400), not a lost session;
  // at login (no fields) it is 401 like a wrong password.
  if (error.code === 'INVALID_TWO_FACTOR_CODE' && error.fields && error.fields.length > 0) return 400;
  return ERROR_STATUS[error.code];
};

/** A `{phone}` in a message is the clinic's number from the error's detail. */
const withPhone = (text: string, error: DomainError): string => {
  const phone = error.detail?.phone;
  return text.includes('{phone}')
    ? text
        .replace('{phone}', phone ? String(phone) : '')
        .replace('（）', '')
        .replace(' ()', '')
    : text;
};

/**
 * A field's path as every error names it (issue 26, docs/decisions.md): the field as the client
 * sent it, within the body, the query or the path parameters, without naming which
 * (`guest.kana`, `times.0.start`, `clinicId`); `body`, `query` or `params` alone names the whole
 * part (a body that is not JSON). Schema errors and use-case errors give the same path for one field.
 */
export const fieldPath = (path: string): string => path.replace(/^(?:body|query|params)\.(?=.)/, '');

/** The error's answer; `message` (and the fields' messages) in the request's language, the code unchanged. */
export const renderDomainError = (error: DomainError, language: Language = 'ja'): { status: number; body: ErrorBody } => ({
  status: statusOf(error),
  body: {
    error: {
      code: error.code,
      message: withPhone(errorMessage(error.code, language), error),
      ...(error.fields
        ? {
            fields: error.fields.map((field) => ({
              ...field,
              path: fieldPath(field.path),
              message: language === 'ja' ? field.message : localizeFieldMessage(field.message, language),
            })),
          }
        : {}),
      ...(error.detail ? { detail: error.detail } : {}),
    },
  },
});

/** The value of a use case's result, or its expected failure thrown for the error middleware. */
export const unwrap = <T>(result: { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: DomainError }): T => {
  if (!result.ok) throw new HttpDomainError(result.error);
  return result.value;
};
