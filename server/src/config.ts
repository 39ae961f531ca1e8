import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

const flag = z.enum(['on', 'off', 'true', 'false', '1', '0']).transform((value) => ['on', 'true', '1'].includes(value));

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres|postgresql|pglite):\/\//, { error: 'must start with postgres://, postgresql:// or pglite://' })
    .default('pglite://./.data/db'),
  BOOTSTRAP_ADMIN_PASSWORD: z.string().min(8, { error: 'must be at least 8 characters' }).optional(),
  DEMO_DATA: flag.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(5).max(24 * 60).default(120),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).max(24 * 7).default(12),
  SECURE_COOKIES: flag.default(false),
  TRUST_PROXY: flag.default(false),
  WEB_ROOT: z.string().min(1).default(resolve(repoRoot, 'web', 'dist')),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:3000'),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('クリニック予約システム <no-reply@localhost>'),
});

export type Config = Readonly<{
  port: number;
  host: string;
  databaseUrl: string;
  bootstrapAdminPassword: string | undefined;
  /** undefined: decide at start (on for an empty embedded database). */
  demoData: boolean | undefined;
  logLevel: z.output<typeof schema>['LOG_LEVEL'];
  session: { idleMinutes: number; absoluteHours: number; secure: boolean };
  trustProxy: boolean;
  webRoot: string | null;
  /** The address of the web app as people reach it: links in mails start with it. */
  publicUrl: string;
  /** Mail: by SMTP when `smtpUrl` is set, else into the development outbox table. */
  mail: { smtpUrl: string | undefined; from: string };
}>;

export class ConfigError extends Error {}

/** Reads the environment once. A bad value is reported as one line naming the variable. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`configuration error: ${String(issue.path[0])} ${issue.message}`);
  }
  const value = parsed.data;
  let databaseUrl = value.DATABASE_URL;
  if (databaseUrl.startsWith('pglite://') && databaseUrl !== 'pglite://memory') {
    databaseUrl = `pglite://${resolve(databaseUrl.slice('pglite://'.length))}`;
  }
  return {
    port: value.PORT,
    host: value.HOST,
    databaseUrl,
    bootstrapAdminPassword: value.BOOTSTRAP_ADMIN_PASSWORD,
    demoData: value.DEMO_DATA,
    logLevel: value.LOG_LEVEL,
    session: { idleMinutes: value.SESSION_IDLE_MINUTES, absoluteHours: value.SESSION_ABSOLUTE_HOURS, secure: value.SECURE_COOKIES },
    trustProxy: value.TRUST_PROXY,
    webRoot: value.WEB_ROOT,
    publicUrl: value.PUBLIC_URL.replace(/\/+$/, ''),
    mail: { smtpUrl: value.SMTP_URL, from: value.MAIL_FROM },
  };
};
