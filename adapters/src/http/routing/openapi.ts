import { ERROR_CODES } from '@clinic/core';
import { z } from 'zod';
import type { RegisteredRoute } from './api-router';

const ACCESS_TEXT = {
  public: '誰でも（ログイン不要）',
  member: 'ログインした会員',
  staff: 'ログインしたスタッフ（STAFF・ADMIN）',
  admin: 'ADMINのみ',
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
        fields: { type: 'array', items: { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } } } },
      },
    },
  },
} as const;

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output'): unknown =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' });

const toOpenApiPath = (path: string): string => path.replace(/:([A-Za-z_]\w*)/g, '{$1}');

const parametersOf = (route: RegisteredRoute): unknown[] => {
  const list: unknown[] = [];
  for (const [where, schema] of [['path', route.spec.params], ['query', route.spec.query]] as const) {
    if (!schema) continue;
    const shape = (jsonSchema(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] });
    for (const [name, property] of Object.entries(shape.properties ?? {})) {
      list.push({ name, in: where, required: where === 'path' || (shape.required ?? []).includes(name), schema: property });
    }
  }
  return list;
};

/** The OpenAPI 3 document of every registered route, made from the same zod schemas that validate requests. */
export const buildOpenApiDocument = (routes: readonly RegisteredRoute[], version: string): unknown => {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = toOpenApiPath(route.path);
    const responses: Record<string, unknown> = {};
    for (const [status, response] of Object.entries(route.spec.responses)) {
      responses[status] = {
        description: response.description,
        ...(response.schema ? { content: { 'application/json': { schema: jsonSchema(response.schema, 'output') } } } : {}),
      };
    }
    responses.default = { description: 'エラー（`error.code` と日本語の `error.message`）', content: { 'application/json': { schema: errorSchema } } };
    const bodyContentType = route.spec.bodyType === 'form' ? 'application/x-www-form-urlencoded' : 'application/json';
    (paths[path] ??= {})[route.method] = {
      tags: [route.tag],
      summary: route.spec.summary,
      description: [route.spec.description, `利用できる人: ${ACCESS_TEXT[route.spec.access]}`].filter(Boolean).join('\n\n'),
      parameters: parametersOf(route),
      ...(route.spec.body
        ? { requestBody: { required: true, content: { [bodyContentType]: { schema: jsonSchema(route.spec.body, 'input') } } } }
        : {}),
      responses,
      'x-access': route.spec.access,
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
