import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the chain's salon-management system (販売管理システム), speaking the JSON
 * contract of docs/integrations.md on a loopback port. Tests start one per file and steer it:
 * `mode` makes it slow, down (503), or answer garbage; `requests` counts the calls it received.
 */
export interface FakeSalonMember {
  memberId: string;
  cardNumber: string | null;
  name: string;
  kana: string | null;
  phone: string | null;
  email: string | null;
  points: number;
}

export interface FakeSalonContract {
  contractId: string;
  menuId: string;
  menuName: string;
  sessionsTotal: number;
  sessionsUsed: number;
  expiresOn: string | null;
  contractedAt: string;
}

export type FakeSalonMode =
  /** Answers as documented. */
  | 'ok'
  /** Answers after `slowMs`. */
  | 'slow'
  /** 503 to everything. */
  | 'down'
  /** 200 with a body that is not JSON. */
  | 'garbage'
  /** 200 with JSON of the wrong shape. */
  | 'wrong-shape';

export interface FakeSalonServer {
  readonly url: string;
  readonly apiKey: string;
  mode: FakeSalonMode;
  slowMs: number;
  /** Members per export page. */
  pageSize: number;
  /** Requests received (any path, any mode). */
  requests: number;
  /** Answers the next this many requests with 503, whatever the mode. */
  failNext: number;
  /** Adds or replaces a member and their contracts. */
  put(member: FakeSalonMember, contracts?: FakeSalonContract[]): void;
  /** Replaces one contract of a member (matched by contractId). */
  putContract(memberId: string, contract: FakeSalonContract): void;
  clear(): void;
  close(): Promise<void>;
}

export const startFakeSalonServer = async (options: { apiKey?: string; port?: number; host?: string } = {}): Promise<FakeSalonServer> => {
  const apiKey = options.apiKey ?? 'test-salon-key';
  const members = new Map<string, { member: FakeSalonMember; contracts: FakeSalonContract[] }>();
  const timers = new Set<NodeJS.Timeout>();

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };

  const answer = (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'GET') return send(res, 405, { error: 'METHOD_NOT_ALLOWED' });
    if (req.headers.authorization !== `Bearer ${apiKey}`) return send(res, 401, { error: 'UNAUTHORIZED' });
    if (fake.failNext > 0) {
      fake.failNext--;
      return send(res, 503, { error: 'MAINTENANCE' });
    }
    if (fake.mode === 'down') return send(res, 503, { error: 'MAINTENANCE' });
    if (fake.mode === 'garbage') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      return res.end('<html>メンテナンス中</html>');
    }
    if (fake.mode === 'wrong-shape') return send(res, 200, { member: { id: 1 }, members: 'x', contracts: [{ contractId: 7 }], nextCursor: 3 });
    const url = new URL(req.url ?? '/', 'http://fake');
    const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    if (parts[0] === 'members' && parts.length === 1) {
      const card = url.searchParams.get('cardNumber');
      const found = [...members.values()].filter((entry) => card !== null && entry.member.cardNumber === card).map((entry) => entry.member);
      return send(res, 200, { members: found.slice(0, 1) });
    }
    if (parts[0] === 'members' && parts.length >= 2) {
      const entry = members.get(parts[1]!);
      if (!entry) return send(res, 404, { error: 'MEMBER_NOT_FOUND' });
      if (parts.length === 2) return send(res, 200, { member: entry.member });
      if (parts.length === 3 && parts[2] === 'contracts') return send(res, 200, { contracts: entry.contracts });
    }
    if (parts[0] === 'export' && parts[1] === 'members' && parts.length === 2) {
      const all = [...members.values()].sort((a, b) => a.member.memberId.localeCompare(b.member.memberId));
      const start = Number(url.searchParams.get('cursor') ?? '0');
      const page = all.slice(start, start + fake.pageSize).map((entry) => ({ ...entry.member, contracts: entry.contracts }));
      const next = start + fake.pageSize < all.length ? String(start + fake.pageSize) : null;
      return send(res, 200, { members: page, nextCursor: next });
    }
    return send(res, 404, { error: 'NOT_FOUND' });
  };

  const server: Server = createServer((req, res) => {
    fake.requests++;
    if (fake.mode === 'slow') {
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!res.destroyed) answer(req, res);
      }, fake.slowMs);
      timers.add(timer);
      return;
    }
    answer(req, res);
  });
  server.listen(options.port ?? 0, options.host ?? '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;

  const fake: FakeSalonServer = {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    mode: 'ok',
    slowMs: 1000,
    pageSize: 100,
    requests: 0,
    failNext: 0,
    put: (member, contracts = []) => {
      members.set(member.memberId, { member: { ...member }, contracts: contracts.map((contract) => ({ ...contract })) });
    },
    putContract: (memberId, contract) => {
      const entry = members.get(memberId);
      if (!entry) throw new Error(`no fake salon member ${memberId}`);
      entry.contracts = [...entry.contracts.filter((c) => c.contractId !== contract.contractId), { ...contract }];
    },
    clear: () => members.clear(),
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
};
