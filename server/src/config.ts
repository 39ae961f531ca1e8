import { basename, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** http:// on loopback only (the local stand-ins of development and tests). */
const LOOPBACK_HTTP = /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?(\/|$)/;

const flag = z.enum(['on', 'off', 'true', 'false', '1', '0']).transform((value) => ['on', 'true', '1'].includes(value));

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres|postgresql|pglite):\/\//, { error: 'must start with postgres://, postgresql:// or pglite://' })
    .default('pglite://./.data/db'),
  /** PostgreSQL only: the schema to keep the tables in (created when missing); default `public`. */
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, { error: 'must be a lower-case PostgreSQL identifier' })
    .optional(),
  /** PostgreSQL only: the most connections one server holds (its pool). */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /** PostgreSQL only: open and warm every pooled connection before listening (docs/operations.md). */
  DATABASE_WARM_UP: flag.default(true),
  BOOTSTRAP_ADMIN_PASSWORD: z.string().min(8, { error: 'must be at least 8 characters' }).optional(),
  DEMO_DATA: flag.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(120),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 7)
    .default(12),
  SECURE_COOKIES: flag.default(false),
  TRUST_PROXY: flag.default(false),
  /** With TRUST_PROXY: how many proxies of our own append to X-Forwarded-For; the client is that many from the right. */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(1).max(10).default(1),
  /** Keep sessions and the accounts they name in memory between requests (kept correct by LISTEN/NOTIFY). */
  ACCOUNT_CACHE: flag.default(true),
  WEB_ROOT: z
    .string()
    .min(1)
    .default(resolve(repoRoot, 'web', 'dist')),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:3000'),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  /** GET /metrics: with a token, `Authorization: Bearer <token>` from anywhere; without, loopback only. */
  METRICS_TOKEN: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
  MAIL_FROM: z.string().min(3).default('クリニック予約システム <no-reply@localhost>'),
  /** LINE Login (OpenID Connect): LINE's issuer; discovery at `${LINE_ISSUER}/.well-known/openid-configuration`. */
  LINE_ISSUER: z
    .url({ protocol: /^https?$/ })
    .refine((value) => value.startsWith('https://') || /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?(\/|$)/.test(value), {
      error: 'must be https:// (http:// only on loopback)',
    })
    .default('https://access.line.me'),
  LINE_CHANNEL_ID: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/, { error: 'must be the channel ID of the LINE Login channel' })
    .optional(),
  LINE_CHANNEL_SECRET: z.string().min(8, { error: 'must be the channel secret of the LINE Login channel' }).optional(),
  /** Development only: a local OpenID provider stands in for LINE (default on for the embedded database without a channel). */
  LINE_LOCAL_PROVIDER: flag.optional(),
  /** LINE Messaging API (pushes): the channel's long-lived access token; unset = no LINE pushes (mail only). */
  LINE_CHANNEL_ACCESS_TOKEN: z.string().min(8, { error: 'must be the channel access token of the Messaging API channel' }).optional(),
  /** The Messaging API's address, or `local` for the bundled fake (development). */
  LINE_MESSAGING_URL: z.union([z.literal('local'), z.url({ protocol: /^https?$/ })]).default('https://api.line.me'),
  /** The LINE app (LIFF): its LIFF ID; unset = the LINE app's routes answer 404. */
  LINE_LIFF_ID: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/, { error: 'must be the LIFF ID of the LINE app (LINE Developers console → LIFF)' })
    .optional(),
  /** The channel of the LIFF app: the `client_id` of ID-token verification. */
  LINE_LIFF_CHANNEL_ID: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/, { error: "must be the channel ID of the LIFF app's channel" })
    .optional(),
  /** Where LIFF ID tokens are verified. */
  LINE_VERIFY_URL: z
    .url({ protocol: /^https?$/ })
    .refine((value) => value.startsWith('https://') || LOOPBACK_HTTP.test(value), { error: 'must be https:// (http:// only on loopback)' })
    .optional(),
  /** Development and tests only: the LINE app runs on @line/liff-mock (needs a loopback LINE_VERIFY_URL or the local fake). */
  LINE_LIFF_MOCK: flag.default(false),
  /** The Messaging API channel's secret: webhook signatures (X-Line-Signature). Unset = the webhook answers 404. */
  LINE_MESSAGING_CHANNEL_SECRET: z.string().min(8, { error: 'must be the channel secret of the Messaging API channel' }).optional(),
  /** The first retry delay of a failed delivery (doubling, 8 attempts in all). */
  MESSAGE_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(5000),
  /** Whether this process delivers messages (every process may; they share the queue). */
  MESSAGE_WORKER: flag.default(true),
  /** How often an idle delivery worker looks for due messages. */
  MESSAGE_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  /** How long one delivery attempt holds a message (and its job) before another process may take it. */
  MESSAGE_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Messages one process delivers side by side. */
  MESSAGE_BATCH: z.coerce.number().int().min(1).max(500).default(20),
  /** Salon-management system (販売管理システム): its API base URL, or `local` for the bundled fake (development). */
  SALON_API_URL: z.union([z.literal('local'), z.url({ protocol: /^https?$/ })]).optional(),
  SALON_API_KEY: z.string().min(8, { error: 'must be at least 8 characters' }).optional(),
  SALON_TIMEOUT_MS: z.coerce.number().int().min(10).max(60_000).default(3000),
  SALON_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
  SALON_BACKOFF_MS: z.coerce.number().int().min(1).max(10_000).default(200),
  SALON_BREAKER_THRESHOLD: z.coerce.number().int().min(1).max(100).default(5),
  SALON_HALF_OPEN_MS: z.coerce.number().int().min(10).max(600_000).default(30_000),
  /** Days an ADMIN (or STAFF of a clinic requiring it) may work without two-factor login. */
  TWO_FACTOR_GRACE_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  /** The key that seals two-factor secrets in the database: 32 bytes as 64 hex digits or base64. */
  TWO_FACTOR_KEY: z.string().optional(),
  /**
   * The key sealing the answers and signatures of 問診票 and 同意書 (docs/forms.md): 32 bytes as 64 hex
   * digits or base64. Unset: a key derived from the two-factor key.
   */
  FORMS_KEY: z.string().optional(),
  /** During a rotation: the keys being replaced, comma-separated; secrets sealed with them are sealed again at start. */
  TWO_FACTOR_PREVIOUS_KEYS: z.string().optional(),
  /** Guest bookings (docs/security.md): attempts per client address per hour before each further one needs a solved proof-of-work challenge. */
  GUEST_FREE_PER_ADDRESS_HOUR: z.coerce.number().int().min(0).max(1_000_000).default(3),
  /** Guest bookings per client address per hour at all (429 RATE_LIMITED past it). */
  GUEST_MAX_PER_ADDRESS_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(20),
  /** Guest bookings per phone number per day. */
  GUEST_MAX_PER_PHONE_DAY: z.coerce.number().int().min(1).max(1_000_000).default(5),
  /** Guest bookings per e-mail address per day. */
  GUEST_MAX_PER_EMAIL_DAY: z.coerce.number().int().min(1).max(1_000_000).default(5),
  /** Open waitlist entries one person may hold at once, across the chain (409 WAITLIST_LIMIT_REACHED past it). */
  WAITLIST_MAX_OPEN_PER_PERSON: z.coerce.number().int().min(1).max(1_000_000).default(5),
  /** Open guest waitlist entries joined from one client address at once. */
  WAITLIST_MAX_OPEN_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(10),
  /** The proof of work: PBKDF2-SHA-256 iterations per try. */
  GUEST_CHALLENGE_COST: z.coerce.number().int().min(1).max(1_000_000).default(5_000),
  /** The proof of work: the secret counter is drawn from [max/2, max]; the browser tries up to it. */
  GUEST_CHALLENGE_MAX_COUNTER: z.coerce.number().int().min(1).max(1_000_000).default(400),
  NODE_ENV: z.string().optional(),
});

/**
 * Where the key sealing two-factor secrets comes from (docs/security.md):
 * - `value`: TWO_FACTOR_KEY;
 * - `file`: the embedded database's key file beside its data folder, made on first start;
 * - `ephemeral`: a new key per process, for the in-memory database that dies with it;
 * - `development`: a fixed, public key for a PostgreSQL server outside production (tests, local
 *   servers); refused when NODE_ENV=production.
 */
export type SecretKeySource =
  | { readonly kind: 'value'; readonly key: Buffer }
  | { readonly kind: 'file'; readonly path: string }
  | { readonly kind: 'ephemeral' }
  | { readonly kind: 'development' };

/** How LINE Login is reached: the real LINE (or any OpenID provider), the local stand-in, or not at all. */
export type LineConfig =
  | {
      readonly mode: 'line';
      readonly issuer: string;
      readonly channelId: string;
      readonly channelSecret: string;
      /** Local provider only: the redirect URI follows the request's origin instead of PUBLIC_URL. */
      readonly redirectFromRequest?: boolean;
    }
  | { readonly mode: 'local' }
  | { readonly mode: 'off' };

export type Config = Readonly<{
  port: number;
  host: string;
  databaseUrl: string;
  /** PostgreSQL schema of the tables (DATABASE_SCHEMA); undefined: the server's default (`public`). */
  databaseSchema: string | undefined;
  databasePoolMax: number;
  /** Open and warm the pool's connections at start (PostgreSQL). */
  databaseWarmUp: boolean;
  bootstrapAdminPassword: string | undefined;
  /** undefined: decide at start (on for an empty embedded database). */
  demoData: boolean | undefined;
  logLevel: z.output<typeof schema>['LOG_LEVEL'];
  session: { idleMinutes: number; absoluteHours: number; secure: boolean };
  trustProxy: boolean;
  /** With `trustProxy`: the client address is the `trustProxyHops`-th X-Forwarded-For entry from the right. */
  trustProxyHops: number;
  accountCache: boolean;
  webRoot: string | null;
  /** The address of the web app as people reach it: links in mails start with it. */
  publicUrl: string;
  /** Mail: by SMTP when `smtpUrl` is set, else into the development outbox table. */
  mail: { smtpUrl: string | undefined; from: string };
  /** LINE Login: see LineConfig and docs/integrations.md. */
  line: LineConfig;
  /**
   * The LINE app (LIFF, docs/integrations.md): null when LINE_LIFF_ID is unset. `verifyUrl`
   * `local`: the local fake is started at start-up (LINE_LOCAL_PROVIDER, development).
   */
  lineApp: LineAppConfig | null;
  /** The Messaging API channel's secret (webhook signatures); null: the webhook answers 404. */
  lineWebhookSecret: string | null;
  /** LINE pushes: the Messaging API, the bundled fake (`local`), or none (members get mail). */
  lineMessaging: { readonly url: string; readonly token: string } | { readonly url: 'local' } | null;
  /** The message pipeline (docs/messages.md). */
  messages: { retryBaseMs: number; worker: boolean; pollSeconds: number; leaseSeconds: number; batchSize: number };
  /** Bearer token for GET /metrics; undefined: answered to loopback callers only. */
  metricsToken: string | undefined;
  /** Salon-management system: null when SALON_API_URL is unset (contracts from the built-in ledger). */
  salon: SalonConfig | null;
  /** Two-factor login of staff: the grace period before an account that must use it is held to its setup. */
  twoFactor: { graceDays: number; key: SecretKeySource; previousKeys: readonly Buffer[] };
  /** FORMS_KEY, or null to derive the forms' key from the two-factor key (docs/forms.md). */
  formsKey: Buffer | null;
  /** The guest booking guard: thresholds and the proof of work's difficulty (docs/security.md). */
  guestGuard: GuestGuardConfig;
  /** Caps of open waitlist entries (docs/waitlist.md). */
  waitlistLimits: { readonly perPerson: number; readonly perAddress: number };
}>;

export type LineAppConfig = Readonly<{
  liffId: string;
  /** The LIFF app's channel: `client_id` of the ID-token verification. */
  channelId: string;
  /** LINE's verification endpoint, a loopback fake, or `local` (started by main.ts). */
  verifyUrl: string;
  /** The web app initialises LIFF with @line/liff-mock (development and tests only). */
  mock: boolean;
}>;

/**
 * The LINE app's address for the buttons of LINE messages: LIFF's URL (`https://liff.line.me/{LIFF_ID}`,
 * which LINE opens at the endpoint URL `{PUBLIC_URL}/line/app/`), or the web app's own route when
 * it runs on @line/liff-mock (development). Null without a LINE app.
 */
export const lineAppUrlOf = (config: Pick<Config, 'lineApp' | 'publicUrl'>): string | null =>
  config.lineApp ? (config.lineApp.mock ? `${config.publicUrl}/line/app` : `https://liff.line.me/${config.lineApp.liffId}`) : null;

export type GuestGuardConfig = Readonly<{
  freePerAddress: number;
  maxPerAddress: number;
  maxPerPhone: number;
  maxPerEmail: number;
  challengeCost: number;
  challengeMaxCounter: number;
}>;

/** `url: 'local'` starts the bundled fake salon server (development only). */
export type SalonConfig = Readonly<{
  url: string;
  apiKey: string;
  timeoutMs: number;
  retries: number;
  backoffMs: number;
  breakerThreshold: number;
  halfOpenAfterMs: number;
}>;

export class ConfigError extends Error {}

/** 32 bytes written as 64 hex digits or as base64 / base64url; null when the text is neither. */
export const parseSecretKey = (text: string): Buffer | null => {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) {
    const key = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    return key.length === 32 ? key : null;
  }
  return null;
};

/** Reads the environment once. A bad value is reported as one line naming the variable. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`configuration error: ${String(issue.path[0])} ${issue.message}`);
  }
  const value = parsed.data;
  if ((value.LINE_CHANNEL_ID === undefined) !== (value.LINE_CHANNEL_SECRET === undefined)) {
    throw new ConfigError('configuration error: LINE_CHANNEL_ID and LINE_CHANNEL_SECRET must be set together');
  }
  if (value.LINE_CHANNEL_ID !== undefined && value.LINE_LOCAL_PROVIDER === true) {
    throw new ConfigError('configuration error: LINE_LOCAL_PROVIDER cannot be on when a LINE channel is configured');
  }
  const localLine = value.LINE_CHANNEL_ID === undefined && (value.LINE_LOCAL_PROVIDER ?? value.DATABASE_URL.startsWith('pglite://'));
  if (value.LINE_LIFF_ID !== undefined && value.LINE_LIFF_CHANNEL_ID === undefined && !(localLine && value.LINE_VERIFY_URL === undefined)) {
    throw new ConfigError('configuration error: LINE_LIFF_CHANNEL_ID must be set with LINE_LIFF_ID');
  }
  const verifyUrl = value.LINE_VERIFY_URL ?? (localLine ? 'local' : 'https://api.line.me/oauth2/v2.1/verify');
  if (value.LINE_LIFF_MOCK && verifyUrl !== 'local' && !LOOPBACK_HTTP.test(verifyUrl)) {
    throw new ConfigError('configuration error: LINE_LIFF_MOCK needs a loopback LINE_VERIFY_URL (development and tests only)');
  }
  if (value.SALON_API_URL !== undefined && value.SALON_API_URL !== 'local' && value.SALON_API_KEY === undefined) {
    throw new ConfigError('configuration error: SALON_API_KEY must be set with SALON_API_URL');
  }
  let databaseUrl = value.DATABASE_URL;
  if (databaseUrl.startsWith('pglite://') && databaseUrl !== 'pglite://memory') {
    databaseUrl = `pglite://${resolve(databaseUrl.slice('pglite://'.length))}`;
  }
  let twoFactorKey: SecretKeySource;
  if (value.TWO_FACTOR_KEY !== undefined) {
    const key = parseSecretKey(value.TWO_FACTOR_KEY);
    if (!key) throw new ConfigError('configuration error: TWO_FACTOR_KEY must be 32 bytes written as 64 hex digits or as base64');
    twoFactorKey = { kind: 'value', key };
  } else if (databaseUrl === 'pglite://memory') {
    twoFactorKey = { kind: 'ephemeral' };
  } else if (databaseUrl.startsWith('pglite://')) {
    const dataFolder = databaseUrl.slice('pglite://'.length);
    twoFactorKey = { kind: 'file', path: resolve(dirname(dataFolder), `${basename(dataFolder)}.two-factor.key`) };
  } else if (value.NODE_ENV === 'production') {
    throw new ConfigError('configuration error: TWO_FACTOR_KEY must be set in production (every server of the database needs the same key)');
  } else {
    twoFactorKey = { kind: 'development' };
  }
  const formsKey = value.FORMS_KEY === undefined ? null : parseSecretKey(value.FORMS_KEY);
  if (value.FORMS_KEY !== undefined && !formsKey)
    throw new ConfigError('configuration error: FORMS_KEY must be 32 bytes written as 64 hex digits or as base64');
  const previousKeys = (value.TWO_FACTOR_PREVIOUS_KEYS ?? '')
    .split(',')
    .filter((text) => text.trim() !== '')
    .map((text) => {
      const key = parseSecretKey(text);
      if (!key) throw new ConfigError('configuration error: TWO_FACTOR_PREVIOUS_KEYS must be 32-byte keys (64 hex digits or base64), comma-separated');
      return key;
    });
  return {
    port: value.PORT,
    host: value.HOST,
    databaseUrl,
    databaseSchema: value.DATABASE_SCHEMA,
    databasePoolMax: value.DATABASE_POOL_MAX,
    databaseWarmUp: value.DATABASE_WARM_UP,
    bootstrapAdminPassword: value.BOOTSTRAP_ADMIN_PASSWORD,
    demoData: value.DEMO_DATA,
    logLevel: value.LOG_LEVEL,
    session: { idleMinutes: value.SESSION_IDLE_MINUTES, absoluteHours: value.SESSION_ABSOLUTE_HOURS, secure: value.SECURE_COOKIES },
    trustProxy: value.TRUST_PROXY,
    trustProxyHops: value.TRUST_PROXY_HOPS,
    accountCache: value.ACCOUNT_CACHE,
    webRoot: value.WEB_ROOT,
    publicUrl: value.PUBLIC_URL.replace(/\/+$/, ''),
    mail: { smtpUrl: value.SMTP_URL, from: value.MAIL_FROM },
    line:
      value.LINE_CHANNEL_ID !== undefined && value.LINE_CHANNEL_SECRET !== undefined
        ? { mode: 'line', issuer: value.LINE_ISSUER.replace(/\/+$/, ''), channelId: value.LINE_CHANNEL_ID, channelSecret: value.LINE_CHANNEL_SECRET }
        : (value.LINE_LOCAL_PROVIDER ?? value.DATABASE_URL.startsWith('pglite://'))
          ? { mode: 'local' }
          : { mode: 'off' },
    lineApp:
      value.LINE_LIFF_ID === undefined
        ? null
        : { liffId: value.LINE_LIFF_ID, channelId: value.LINE_LIFF_CHANNEL_ID ?? 'local-liff-channel', verifyUrl, mock: value.LINE_LIFF_MOCK },
    lineWebhookSecret: value.LINE_MESSAGING_CHANNEL_SECRET ?? null,
    lineMessaging:
      value.LINE_MESSAGING_URL === 'local'
        ? { url: 'local' }
        : value.LINE_CHANNEL_ACCESS_TOKEN !== undefined
          ? { url: value.LINE_MESSAGING_URL.replace(/\/+$/, ''), token: value.LINE_CHANNEL_ACCESS_TOKEN }
          : null,
    messages: {
      retryBaseMs: value.MESSAGE_RETRY_BASE_MS,
      worker: value.MESSAGE_WORKER,
      pollSeconds: value.MESSAGE_POLL_SECONDS,
      leaseSeconds: value.MESSAGE_LEASE_SECONDS,
      batchSize: value.MESSAGE_BATCH,
    },
    metricsToken: value.METRICS_TOKEN,
    twoFactor: { graceDays: value.TWO_FACTOR_GRACE_DAYS, key: twoFactorKey, previousKeys },
    formsKey,
    guestGuard: {
      freePerAddress: value.GUEST_FREE_PER_ADDRESS_HOUR,
      maxPerAddress: value.GUEST_MAX_PER_ADDRESS_HOUR,
      maxPerPhone: value.GUEST_MAX_PER_PHONE_DAY,
      maxPerEmail: value.GUEST_MAX_PER_EMAIL_DAY,
      challengeCost: value.GUEST_CHALLENGE_COST,
      challengeMaxCounter: value.GUEST_CHALLENGE_MAX_COUNTER,
    },
    waitlistLimits: { perPerson: value.WAITLIST_MAX_OPEN_PER_PERSON, perAddress: value.WAITLIST_MAX_OPEN_PER_ADDRESS },
    salon:
      value.SALON_API_URL === undefined
        ? null
        : {
            url: value.SALON_API_URL,
            apiKey: value.SALON_API_KEY ?? 'local-salon-key',
            timeoutMs: value.SALON_TIMEOUT_MS,
            retries: value.SALON_RETRIES,
            backoffMs: value.SALON_BACKOFF_MS,
            breakerThreshold: value.SALON_BREAKER_THRESHOLD,
            halfOpenAfterMs: value.SALON_HALF_OPEN_MS,
          },
  };
};
