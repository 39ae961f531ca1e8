import Router from '@koa/router';
import type { Middleware } from 'koa';
import type { RouteDefinition } from '@clinic/contract';
import type { ErrorCode, Language } from '@clinic/core';
import { requestLanguage, zodParseOptions } from '../language';
import { z } from 'zod';
import { fieldPath, HttpDomainError } from '../errors/http-error';
import { guard, type AccountLookups, type Access, type ApiContext, type AuthState } from '../middleware/auth';
import { accessAudit, type RouteAudit } from './access-audit';
import { unstorableInput } from './input-guard';

// Validation messages from zod in Japanese.
z.config(z.locales.ja());

export type HttpMethod = 'get' | 'post' | 'put' | 'delete';

export interface ResponseSpec {
  readonly description: string;
  readonly schema?: z.ZodType;
}

export interface RouteExamples<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> {
  readonly params?: z.input<P>;
  readonly query?: z.input<Q>;
  readonly body?: z.input<B>;
  /** The body of the first 2xx answer that has a schema. */
  readonly response?: unknown;
}

export interface RouteSpec<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> {
  readonly method: HttpMethod;
  /** Koa path relative to the router's prefix, e.g. `/clinics/:id`. */
  readonly path: string;
  /** Japanese one-line summary for /api/docs. */
  readonly summary: string;
  /** Japanese description for /api/docs (test/http/api-docs.test.ts requires one). */
  readonly description?: string;
  /** Examples shown in /api/docs; test/http/api-docs.test.ts checks each against its schema. */
  readonly examples?: RouteExamples<P, Q, B>;
  /**
   * Error codes this route answers besides those every route of its access level can
   * (VALIDATION_FAILED, UNAUTHENTICATED, FORBIDDEN, SERVICE_UNAVAILABLE): listed in /api/docs.
   */
  readonly errors?: readonly ErrorCode[];
  readonly access: Access;
  readonly params?: P;
  readonly query?: Q;
  readonly body?: B;
  /** `form` only for POST /api/login. */
  readonly bodyType?: 'json' | 'form';
  readonly responses: Readonly<Record<number, ResponseSpec>>;
  /**
   * Staff routes only: usable by an account that must set up two-factor login and is past its
   * grace period (the profile and the setup itself); every other staff route then answers 403
   * TWO_FACTOR_SETUP_REQUIRED.
   */
  readonly beforeTwoFactorSetup?: boolean;
  /** Staff access audit: the action and the member data this route touches (see access-audit.ts). */
  readonly audit?: RouteAudit;
  readonly handler: (ctx: ApiContext, input: { params: z.output<P>; query: z.output<Q>; body: z.output<B> }) => Promise<void>;
}

type SchemaOf<R extends RouteDefinition, K extends 'params' | 'query' | 'body'> = R extends { readonly [P in K]: infer S extends z.ZodType }
  ? S
  : z.ZodUndefined;

/**
 * What the server adds to a route of the contract's table (`@clinic/contract`, routes/): who may
 * call it, what it does, and how /api/docs describes it. Method, path, validation and the
 * answers' schemas come from the table.
 */
export interface ServerSpec<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> extends Omit<
  RouteSpec<P, Q, B>,
  'method' | 'path' | 'params' | 'query' | 'body' | 'bodyType' | 'responses'
> {
  /** A Japanese description of each answer: every 2xx of the table, and any error status worth a word. */
  readonly responses: Readonly<Record<number, { readonly description: string }>>;
}

/** The server's part of a route of the table. */
export type ServerRouteSpec<R extends RouteDefinition> = ServerSpec<SchemaOf<R, 'params'>, SchemaOf<R, 'query'>, SchemaOf<R, 'body'>>;

/** A registered route, as the OpenAPI document and the authorization matrix see it. */
export interface RegisteredRoute {
  readonly method: HttpMethod;
  readonly path: string;
  readonly tag: string;
  readonly spec: RouteSpec<z.ZodType, z.ZodType, z.ZodType>;
}

const validate = <T extends z.ZodType>(schema: T | undefined, value: unknown, where: string, language: Language = 'ja'): z.output<T> => {
  if (!schema) return undefined as z.output<T>;
  const unstorable = unstorableInput(value, where);
  if (unstorable.length > 0) throw HttpDomainError.of('VALIDATION_FAILED', { fields: unstorable.map((field) => ({ ...field, path: fieldPath(field.path) })) });
  const parsed = schema.safeParse(value, zodParseOptions(language));
  if (parsed.success) return parsed.data;
  throw HttpDomainError.of('VALIDATION_FAILED', {
    fields: parsed.error.issues.map((issue) => ({
      path: issue.path.length > 0 ? issue.path.map(String).join('.') : where,
      message: issue.message,
    })),
  });
};

/** A Koa path (`/api/x/:id`) as a pattern of a whole request path; a trailing slash is optional, as for Koa's router. */
const pathPattern = (path: string): RegExp =>
  new RegExp(
    `^${path
      .replace(/\/$/, '')
      .split(/(:[A-Za-z_]\w*)/)
      .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('')}/?$`,
  );

/**
 * One router per audience (`/api/staffs`, `/api/admin`, …). Each route declares its access, its
 * zod schemas and its answers; the router validates input before the handler runs and records
 * the route for the OpenAPI document.
 */
export class ApiRouter {
  private readonly router: Router<AuthState>;
  readonly routes: RegisteredRoute[] = [];

  constructor(
    readonly prefix: string,
    readonly tag: string,
    private readonly accounts: AccountLookups,
  ) {
    this.router = new Router<AuthState>({ prefix });
  }

  /**
   * Adds a route of the contract's table (`@clinic/contract`, routes/) with what the server adds to
   * it (access, handler, documentation). Every route is declared there, once: method, path and
   * schemas never come from a router (docs/architecture.md, "Adding a route").
   */
  add<R extends RouteDefinition>(route: R, spec: ServerRouteSpec<R>): this {
    return this.register(this.fromTable(route, spec as unknown as ServerSpec<z.ZodType, z.ZodType, z.ZodType>));
  }

  /** The route of the table with the server's part, as one spec; refuses a table route outside this router's prefix or an answer left undescribed. */
  private fromTable(route: RouteDefinition, spec: ServerSpec<z.ZodType, z.ZodType, z.ZodType>): RouteSpec<z.ZodType, z.ZodType, z.ZodType> {
    const where = `${route.method.toUpperCase()} ${route.path}`;
    if (route.path !== this.prefix && !route.path.startsWith(`${this.prefix}/`)) throw new Error(`${where} is not under ${this.prefix}`);
    const responses: Record<number, ResponseSpec> = {};
    for (const [status, schema] of Object.entries(route.responses)) {
      const description = spec.responses[Number(status)]?.description;
      if (!description) throw new Error(`${where}: no description of its ${status} answer`);
      responses[Number(status)] = schema ? { description, schema } : { description };
    }
    for (const [status, response] of Object.entries(spec.responses)) {
      if (Number(status) < 300 && !(status in route.responses)) throw new Error(`${where}: ${status} is not among the answers of the route table`);
      responses[Number(status)] ??= response;
    }
    return {
      ...spec,
      method: route.method,
      path: route.path === this.prefix ? '/' : route.path.slice(this.prefix.length),
      ...(route.params ? { params: route.params } : {}),
      ...(route.query ? { query: route.query } : {}),
      ...(route.body ? { body: route.body } : {}),
      ...(route.bodyType ? { bodyType: route.bodyType } : {}),
      responses,
    };
  }

  private register(spec: RouteSpec<z.ZodType, z.ZodType, z.ZodType>): this {
    const run: Middleware<AuthState> = async (ctx) => {
      const apiCtx = ctx as unknown as ApiContext;
      // Guests and members get zod's own messages in their language (docs/languages.md).
      const language = requestLanguage(ctx as never);
      const params = validate(spec.params, ctx.params, 'params', language);
      const query = validate(spec.query, ctx.query, 'query', language);
      const rawBody = (ctx.request as unknown as { body?: unknown }).body;
      if (spec.body && spec.bodyType !== 'form' && ctx.method !== 'GET' && !ctx.is('application/json')) {
        throw HttpDomainError.of('VALIDATION_FAILED', { fields: [{ path: 'body', message: 'JSONで送信してください。' }] });
      }
      const body = validate(spec.body, rawBody, 'body', language);
      await spec.handler(apiCtx, { params, query, body });
    };
    this.router[spec.method](
      spec.path,
      accessAudit(spec.access, spec.audit, this.accounts) as Middleware<AuthState>,
      guard(spec.access, this.accounts, { beforeTwoFactorSetup: spec.beforeTwoFactorSetup === true }),
      run,
    );
    // '/' under a prefix is the prefix itself: documented as `/api/users`, the path clients call.
    const path = spec.path === '/' ? this.prefix : this.prefix + spec.path;
    this.routes.push({ method: spec.method, path, tag: this.tag, spec: spec as never });
    return this;
  }

  middleware(): Middleware {
    return this.router.routes() as unknown as Middleware;
  }

  /**
   * The route of this router that answers `method path` (a path without query), as Koa's router
   * picks it: the first registered whose path matches. The HTTP tests check each answer against
   * the route's declared answers with it.
   */
  routeFor(method: string, path: string): RegisteredRoute | undefined {
    return this.routes.find((route) => route.method === method.toLowerCase() && pathPattern(route.path).test(path));
  }

  allowedMethods(): Middleware {
    return this.router.allowedMethods({ throw: true }) as unknown as Middleware;
  }
}
