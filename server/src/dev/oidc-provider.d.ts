// oidc-provider ships no types: the little the local LINE stand-in uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface InteractionDetails {
    uid: string;
    prompt: { name: string; details: Record<string, unknown> };
    params: Record<string, unknown>;
  }

  export interface GrantInstance {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  /** The Koa context oidc-provider hands to its middleware: the part the stand-in touches. */
  export interface ProviderContext {
    readonly path: string;
    readonly method: string;
    readonly req: IncomingMessage;
    readonly res: ServerResponse;
    type: string;
    status: number;
    body: unknown;
    respond: boolean;
    set(field: string, value: string): void;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    Client: { prototype: { redirectUriAllowed(value: string): boolean } };
    Grant: (new (properties: { accountId: string; clientId: string }) => GrantInstance) & { find(id: string): Promise<GrantInstance | undefined> };
    proxy: boolean;
    use(middleware: (ctx: ProviderContext, next: () => Promise<void>) => Promise<void>): void;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    on(event: string, listener: (...args: never[]) => void): void;
  }
}
