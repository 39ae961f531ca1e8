/**
 * DEVELOPMENT AND TESTS ONLY: a local stand-in for LINE's Messaging API push endpoint
 * (`POST /v2/bot/message/push`) on a loopback port. It checks the bearer token, keeps every push
 * in memory with its `X-Line-Retry-Key`, answers 409 to a retry key it has already accepted (as
 * LINE does), and can be told to fail the next pushes with a status, for tests. `GET /pushes`
 * lists what it received, newest last. Never the internet, never production.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LocalPush {
  readonly to: string;
  /** The text of the push: a text message's text; a Flex message's altText and body text. */
  readonly text: string;
  /** The messages as LINE received them (Flex messages with their buttons). */
  readonly messages: readonly LocalMessage[];
  readonly retryKey: string | null;
  readonly at: Date;
}

export interface LocalLineMessaging {
  /** `http://127.0.0.1:<port>`: use as LINE_MESSAGING_URL. */
  readonly url: string;
  readonly channelAccessToken: string;
  /** Accepted pushes (a duplicate retry key is not counted twice). */
  readonly pushes: LocalPush[];
  /** Every request that reached the push endpoint, accepted or not, with its retry key. */
  readonly attempts: { retryKey: string | null; status: number }[];
  /** The next `count` pushes are answered with `status` (e.g. 500). */
  failNext(count: number, status?: number): void;
  /** Pushes wait unanswered from now on (a LINE that is slow to answer), until `release`. */
  hold(): void;
  /** Answers the pushes that wait, and every later one at once again. */
  release(): void;
  /** How many pushes wait for `release`. */
  waiting(): number;
  close(): Promise<void>;
}

/** A message of a push, as much of it as the tests look at. */
export interface LocalMessage {
  readonly type: string;
  readonly text?: string;
  readonly altText?: string;
  readonly contents?: unknown;
}

/** The texts in a Flex container (its text components), in order. */
const flexTexts = (node: unknown): string[] => {
  if (!node || typeof node !== 'object') return [];
  const value = node as { type?: string; text?: unknown; contents?: unknown; header?: unknown; body?: unknown };
  if (value.type === 'text' && typeof value.text === 'string') return [value.text];
  return [value.header, value.body, ...(Array.isArray(value.contents) ? value.contents : [value.contents])].flatMap(flexTexts);
};

const textOf = (message: LocalMessage): string => {
  if (message.type === 'flex') {
    const texts = flexTexts(message.contents);
    return [message.altText ?? '', texts.slice(1).join('\n')].join('\n\n');
  }
  return message.text ?? '';
};

const readBody = async (req: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

export const startLocalLineMessaging = async (
  options: {
    port?: number;
    channelAccessToken?: string;
    /** Answers each push this much later, as a slow LINE would (tests of work under way). */
    delayMs?: number;
  } = {},
): Promise<LocalLineMessaging> => {
  const token = options.channelAccessToken ?? 'local-line-messaging-token';
  const pushes: LocalPush[] = [];
  const attempts: { retryKey: string | null; status: number }[] = [];
  const accepted = new Set<string>();
  let failures: { count: number; status: number } = { count: 0, status: 500 };
  let held: Array<() => void> | null = null;

  const server: Server = createServer(async (req, res) => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    try {
      if (req.method === 'GET' && req.url === '/pushes') return answer(200, pushes);
      if (req.method !== 'POST' || req.url !== '/v2/bot/message/push') return answer(404, { message: 'Not found' });
      const retryKey = (req.headers['x-line-retry-key'] as string | undefined) ?? null;
      const record = (status: number) => attempts.push({ retryKey, status });
      if (req.headers.authorization !== `Bearer ${token}`) {
        record(401);
        return answer(401, { message: 'Authentication failed' });
      }
      const body = JSON.parse(await readBody(req)) as { to?: string; messages?: LocalMessage[] };
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      if (held) await new Promise<void>((resolve) => held!.push(resolve));
      if (failures.count > 0) {
        failures = { ...failures, count: failures.count - 1 };
        record(failures.status);
        return answer(failures.status, { message: 'An error occurred in the fake' });
      }
      if (retryKey && accepted.has(retryKey)) {
        record(409);
        return answer(409, { message: 'The retry key is already accepted' });
      }
      if (!body.to || !Array.isArray(body.messages) || body.messages.length === 0) {
        record(400);
        return answer(400, { message: 'The request body has 1 error(s)' });
      }
      if (retryKey) accepted.add(retryKey);
      pushes.push({ to: body.to, text: body.messages.map(textOf).join('\n'), messages: body.messages, retryKey, at: new Date() });
      record(200);
      return answer(200, { sentMessages: [{ id: String(pushes.length) }] });
    } catch {
      return answer(400, { message: 'Bad request' });
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    channelAccessToken: token,
    pushes,
    attempts,
    failNext: (count, status = 500) => {
      failures = { count, status };
    },
    hold: () => {
      held ??= [];
    },
    release: () => {
      const waiting = held ?? [];
      held = null;
      for (const resume of waiting) resume();
    },
    waiting: () => held?.length ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
