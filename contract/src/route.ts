import type { z } from 'zod';

export type HttpMethod = 'get' | 'post' | 'put' | 'delete';

/**
 * One route of the API as both ends see it: what the browser sends and what it gets back. The
 * HTTP adapter validates and documents with it (`ApiRouter.add(route, …)`), the web app's client
 * calls it by name (`api.reservations.book({ body })`) with types inferred from its schemas.
 */
export interface RouteDefinition {
  readonly method: HttpMethod;
  /** The whole path, with `:name` for a path parameter (`/api/users/reservations/:id`). */
  readonly path: `/api/${string}`;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** `form` only for POST /api/login (`application/x-www-form-urlencoded`). */
  readonly bodyType?: 'json' | 'form';
  /** The 2xx answers: the schema of a JSON body, or null for none (204, CSV, an event stream). */
  readonly responses: Readonly<Record<number, z.ZodType | null>>;
}

/** Declares a route; the literal types of method and path are kept. */
export const route = <const R extends RouteDefinition>(definition: R): R => definition;

/** A table of routes, grouped by subject (`routes.reservations.book`). */
export type RouteTable = Readonly<Record<string, Readonly<Record<string, RouteDefinition>>>>;

type Simplify<T> = { [K in keyof T]: T[K] } & {};
type Part<R, K extends 'params' | 'query' | 'body'> = R extends { readonly [P in K]: infer S extends z.ZodType } ? { [P in K]: z.input<S> } : unknown;

/** What a caller sends: `{ params, query, body }`, each only when the route has it. */
export type RouteInput<R extends RouteDefinition> = Simplify<Part<R, 'params'> & Part<R, 'query'> & Part<R, 'body'>>;

type SuccessSchema<R extends RouteDefinition> = {
  [S in keyof R['responses']]: R['responses'][S] extends z.ZodType ? R['responses'][S] : never;
}[keyof R['responses']];

/** What a caller gets back: the JSON of the route's 2xx answer, `undefined` when it has none. */
export type RouteOutput<R extends RouteDefinition> = [SuccessSchema<R>] extends [never] ? undefined : z.output<SuccessSchema<R>>;

/**
 * The method, path and body type of a route, without its schemas: what the browser needs at run
 * time. `route` is never set: it carries the route's type to the web's client.
 */
export type RouteEndpoint<R extends RouteDefinition = RouteDefinition> = readonly [method: HttpMethod, path: string, bodyType?: 'form'] & {
  readonly route?: R;
};
export type GroupEndpoints<G extends Readonly<Record<string, RouteDefinition>>> = { readonly [N in keyof G]: RouteEndpoint<G[N]> };

/** The endpoints of one group of the table (`endpointsOf(routes.reservations)`). */
export const endpointsOf = <G extends Readonly<Record<string, RouteDefinition>>>(group: G): GroupEndpoints<G> =>
  Object.fromEntries(
    Object.entries(group).map(([name, r]) => [name, r.bodyType === 'form' ? [r.method, r.path, 'form'] : [r.method, r.path]] as const),
  ) as unknown as GroupEndpoints<G>;
