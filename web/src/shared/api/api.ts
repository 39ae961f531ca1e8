/**
 * The API client made from the contract's route table, typed end to end: what a call sends comes
 * from the route's input schemas, what it answers from its answer schema.
 *
 *   const api = useApi({ reservations });          // the groups of endpoints.ts the page calls
 *   const booked = await api.reservations.book({ body: { clinicId, menuId, startsAt } });
 *
 * A page names the groups it calls, so that its chunk carries their paths and no others (the guest
 * booking page's budget, docs/web.md). Every request of the web goes through it (a test over
 * web/src checks it); it sends through the HTTP client (http.ts), which keeps the headers, the
 * error notices and the prefetched answers. How to add a route: docs/architecture.md.
 */
import type { GroupEndpoints, RouteDefinition, RouteEndpoint, RouteInput, RouteOutput, Routes } from '@clinic/contract';
import { withQuery, type HttpClient, type QueryValue, type RequestOptions } from './http';

/** What a call may add: no notice (`notifyErrors: false`), an abort signal, headers (`Idempotency-Key`). */
export type CallOptions = Pick<RequestOptions, 'notifyErrors' | 'signal' | 'headers'>;

type CallOf<R extends RouteDefinition> = [keyof RouteInput<R>] extends [never]
  ? (input?: Record<string, never>, options?: CallOptions) => Promise<RouteOutput<R>>
  : (input: RouteInput<R>, options?: CallOptions) => Promise<RouteOutput<R>>;
type Call<E> = E extends RouteEndpoint<infer R> ? CallOf<R> : never;

/** Groups of endpoints (`{ reservations, guestReservations }` from endpoints.ts). */
export type EndpointGroups = Readonly<Record<string, Readonly<Record<string, RouteEndpoint>>>>;
export type Api<G extends EndpointGroups> = { readonly [K in keyof G]: { readonly [N in keyof G[K]]: Call<G[K][N]> } };

/** The answer of a route (`Answer<'reservations', 'list'>`), for the types of the pages. */
export type Answer<G extends keyof Routes, N extends keyof Routes[G]> = Routes[G][N] extends infer R extends RouteDefinition ? RouteOutput<R> : never;
/** What a route takes (`Input<'reservations', 'book'>['body']`). */
export type Input<G extends keyof Routes, N extends keyof Routes[G]> = Routes[G][N] extends infer R extends RouteDefinition ? RouteInput<R> : never;
/** The endpoints of a group of the table, as endpoints.ts exports them. */
export type Endpoints<G extends keyof Routes> = GroupEndpoints<Routes[G]>;

interface AnyInput {
  params?: Record<string, string>;
  query?: Record<string, QueryValue>;
  body?: unknown;
}

/** The URL of a route: its path with the parameters filled in (encoded), and the query. */
export const urlOf = (endpoint: RouteEndpoint, input: Pick<AnyInput, 'params' | 'query'> = {}): string =>
  withQuery(
    endpoint[1].replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(input.params![name]!)),
    input.query,
  );

/** The client of the given groups, sending through `http`. */
export function createApi<G extends EndpointGroups>(http: HttpClient, groups: G): Api<G> {
  const api: Record<string, Record<string, unknown>> = {};
  for (const [group, named] of Object.entries(groups)) {
    const calls: Record<string, unknown> = (api[group] = {});
    for (const [name, endpoint] of Object.entries(named)) {
      const [method, , bodyType] = endpoint;
      calls[name] = (input: AnyInput = {}, options: CallOptions = {}) =>
        http.request(method.toUpperCase(), urlOf(endpoint, input), { ...options, [bodyType ?? 'json']: input.body });
    }
  }
  return api as Api<G>;
}
