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
import type { HttpClient, QueryValue, RequestOptions } from './http';

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
  query?: Record<string, QueryValue | readonly QueryValue[]>;
  body?: unknown;
}

/** The URL of a route: its path with the parameters filled in (encoded), and the query. */
export function urlOf(endpoint: RouteEndpoint, input: Pick<AnyInput, 'params' | 'query'> = {}): string {
  const path = endpoint[1].replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = input.params?.[name];
    if (value === undefined) throw new Error(`${endpoint[1]}: no value for :${name}`);
    return encodeURIComponent(value);
  });
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input.query ?? {})) {
    for (const one of Array.isArray(value) ? value : [value]) if (one !== undefined && one !== null) params.append(key, String(one));
  }
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** The client of the given groups, sending through `http`. */
export function createApi<G extends EndpointGroups>(http: HttpClient, groups: G): Api<G> {
  const call =
    (endpoint: RouteEndpoint) =>
    (input: AnyInput = {}, options: CallOptions = {}): Promise<unknown> => {
      const [method, , bodyType] = endpoint;
      const url = urlOf(endpoint, input);
      if (input.body === undefined) return http.request(method.toUpperCase(), url, options);
      return http.request(
        method.toUpperCase(),
        url,
        bodyType === 'form' ? { ...options, form: input.body as Record<string, string> } : { ...options, json: input.body },
      );
    };
  return Object.fromEntries(
    Object.entries(groups).map(([group, named]) => [group, Object.fromEntries(Object.entries(named).map(([name, endpoint]) => [name, call(endpoint)]))]),
  ) as Api<G>;
}
