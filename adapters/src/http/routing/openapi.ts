import { ERROR_CODES, type ErrorCode } from '@clinic/core';
import { z } from 'zod';
import { ERROR_MESSAGES } from '../errors/error-messages';
import { ERROR_STATUS } from '../errors/error-status';
import type { RegisteredRoute } from './api-router';

const ACCESS_TEXT = {
  public: '誰でも（ログイン不要）',
  member: 'ログインした会員',
  staff: 'ログインしたスタッフ（STAFF・ADMIN）',
  admin: 'ADMINのみ（院に所属するADMINはその院のことだけ）',
  headOffice: '本部のADMINのみ（院に所属しないADMIN）',
} as const;

const errorSchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', enum: [...ERROR_CODES, 'NOT_FOUND', 'METHOD_NOT_ALLOWED', 'INTERNAL_ERROR'] },
        message: { type: 'string', description: '日本語のメッセージ' },
        fields: {
          type: 'array',
          items: {
            type: 'object',
            required: ['path', 'message'],
            properties: { path: { type: 'string' }, message: { type: 'string' } },
            additionalProperties: false,
          },
        },
        detail: {
          type: 'object',
          description: 'コードによって付く補足（例: `WEB_BOOKING_DISABLED` のクリニックの電話番号 `phone`、`RATE_LIMITED` の `retryAfterSeconds`）',
          additionalProperties: { oneOf: [{ type: 'string' }, { type: 'number' }] },
        },
      },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
} as const;

/**
 * OpenAPI 3.0's `nullable: true` does not add null to an `enum` (the 3.0.3 clarification), so a
 * nullable enum lists null itself, or validators refuse the null the server sends.
 */
const nullInEnums = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(nullInEnums);
  if (node === null || typeof node !== 'object') return node;
  const copy = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, nullInEnums(value)]));
  if (copy.nullable === true && Array.isArray(copy.enum) && !copy.enum.includes(null)) copy.enum = [...copy.enum, null];
  return copy;
};

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output'): unknown =>
  nullInEnums(z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' }));

const toOpenApiPath = (path: string): string => path.replace(/:([A-Za-z_]\w*)/g, '{$1}');

const parametersOf = (route: RegisteredRoute): unknown[] => {
  const list: unknown[] = [];
  for (const [where, schema] of [
    ['path', route.spec.params],
    ['query', route.spec.query],
  ] as const) {
    if (!schema) continue;
    const shape = jsonSchema(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
    const examples = (where === 'path' ? route.spec.examples?.params : route.spec.examples?.query) as Record<string, unknown> | undefined;
    for (const [name, property] of Object.entries(shape.properties ?? {})) {
      list.push({
        name,
        in: where,
        required: where === 'path' || (shape.required ?? []).includes(name),
        schema: property,
        ...(examples?.[name] !== undefined ? { example: examples[name] } : {}),
      });
    }
  }
  return list;
};

const STATUS_TEXT: Readonly<Record<number, string>> = {
  400: '入力の誤り・業務ルール違反',
  401: 'ログインしていない',
  403: '権限がない',
  404: '見つからない（他人のものを含む）',
  409: '重複・競合',
  429: '試行回数の上限',
  503: 'データベースなどが応答しない',
};

/**
 * The error codes a route can answer: those its access level and inputs imply, then the ones it
 * declares. Every route can answer SERVICE_UNAVAILABLE when the database is down.
 */
export const errorCodesOf = (route: RegisteredRoute): ErrorCode[] => {
  const codes = new Set<ErrorCode>();
  if (route.spec.params || route.spec.query || route.spec.body) codes.add('VALIDATION_FAILED');
  if (route.spec.access !== 'public') codes.add('UNAUTHENTICATED');
  // Staff routes refuse a STAFF acting on another clinic and admin routes a STAFF; every
  // state-changing call needs X-Requested-With.
  if (
    route.spec.access === 'staff' ||
    route.spec.access === 'admin' ||
    route.spec.access === 'headOffice' ||
    (route.method !== 'get' && route.path !== '/api/login')
  ) {
    codes.add('FORBIDDEN');
  }
  // A staff account past its grace period without two-factor login reaches only the routes of its setup.
  if ((route.spec.access === 'staff' || route.spec.access === 'admin' || route.spec.access === 'headOffice') && route.spec.beforeTwoFactorSetup !== true) {
    codes.add('TWO_FACTOR_SETUP_REQUIRED');
  }
  for (const code of route.spec.errors ?? []) codes.add(code);
  codes.add('SERVICE_UNAVAILABLE');
  return [...codes];
};

/** The first input field of a route, as VALIDATION_FAILED names it in `fields[].path`. */
const firstField = (route: RegisteredRoute): string => {
  for (const [where, schema] of [
    ['body', route.spec.body],
    ['query', route.spec.query],
    ['params', route.spec.params],
  ] as const) {
    const shape = schema ? (jsonSchema(schema, 'input') as { properties?: Record<string, unknown> }) : undefined;
    const name = Object.keys(shape?.properties ?? {})[0];
    if (name) return `${where}.${name}`;
  }
  return 'body';
};

const errorExample = (code: ErrorCode, route: RegisteredRoute): unknown => ({
  error: {
    code,
    message: ERROR_MESSAGES[code],
    ...(code === 'VALIDATION_FAILED'
      ? { fields: [{ path: firstField(route), message: '無効な入力: stringが期待されましたが、undefinedが入力されました' }] }
      : {}),
  },
});

const errorResponses = (route: RegisteredRoute): Record<string, unknown> => {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorCodesOf(route)) byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
  const responses: Record<string, unknown> = {};
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    // A declared answer described only by code names adds nothing to the list below it.
    const declared = [route.spec.responses[status]?.description].find((text) => text && !/^[A-Z_\s/,、・]+$/.test(text));
    const list = codes.map((code) => `- \`${code}\`: ${ERROR_MESSAGES[code]}`).join('\n');
    responses[status] = {
      description: `${declared ?? STATUS_TEXT[status] ?? 'エラー'}\n\n${list}`,
      content: {
        'application/json': {
          schema: errorSchema,
          examples: Object.fromEntries(codes.map((code) => [code, { summary: ERROR_MESSAGES[code], value: errorExample(code, route) }])),
        },
      },
    };
  }
  return responses;
};

/** The OpenAPI 3 document of every registered route, made from the same zod schemas that validate requests. */
export const buildOpenApiDocument = (routes: readonly RegisteredRoute[], version: string): unknown => {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = toOpenApiPath(route.path);
    const responses: Record<string, unknown> = {};
    const examples = route.spec.examples;
    let exampleUsed = false;
    for (const [status, response] of Object.entries(route.spec.responses)) {
      if (Number(status) >= 400) continue;
      const withExample = !exampleUsed && response.schema && examples?.response !== undefined;
      if (withExample) exampleUsed = true;
      responses[status] = {
        description: response.description,
        ...(response.schema
          ? { content: { 'application/json': { schema: jsonSchema(response.schema, 'output'), ...(withExample ? { example: examples!.response } : {}) } } }
          : {}),
      };
    }
    Object.assign(responses, errorResponses(route));
    for (const [status, response] of Object.entries(route.spec.responses)) {
      if (Number(status) >= 400 && !(status in responses)) {
        responses[status] = { description: response.description, content: { 'application/json': { schema: errorSchema } } };
      }
    }
    if (route.spec.body) {
      // Answered before the route runs, by the body parser and the Content-Encoding guard.
      responses[413] ??= { description: '本文が大きすぎます（`VALIDATION_FAILED`）', content: { 'application/json': { schema: errorSchema } } };
      responses[415] ??= {
        description: '対応していないContent-Encoding（`UNSUPPORTED_MEDIA_TYPE`、gzip・deflateのみ）',
        content: { 'application/json': { schema: errorSchema } },
      };
    }
    responses.default = {
      description: '予期しないエラー（`INTERNAL_ERROR`、内部の情報は含みません）',
      content: { 'application/json': { schema: errorSchema } },
    };
    const bodyContentType = route.spec.bodyType === 'form' ? 'application/x-www-form-urlencoded' : 'application/json';
    (paths[path] ??= {})[route.method] = {
      tags: [route.tag],
      summary: route.spec.summary,
      description: [route.spec.description, `利用できる人: ${ACCESS_TEXT[route.spec.access]}`].filter(Boolean).join('\n\n'),
      parameters: parametersOf(route),
      ...(route.spec.body
        ? {
            requestBody: {
              required: true,
              content: {
                [bodyContentType]: {
                  schema: jsonSchema(route.spec.body, 'input'),
                  ...(examples?.body !== undefined ? { example: examples.body } : {}),
                },
              },
            },
          }
        : {}),
      responses,
      'x-access': route.spec.access,
      'x-error-codes': errorCodesOf(route),
    };
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'クリニック予約システム API',
      version,
      description:
        'セッションはCookie（httpOnly, SameSite=Lax）です。`POST /api/login` 以外の更新系の呼び出しには `X-Requested-With: XMLHttpRequest` ヘッダーが必要です。時刻はオフセット付きISO 8601、日付は `YYYY-MM-DD` です。',
    },
    servers: [{ url: '/' }],
    paths,
  };
};
