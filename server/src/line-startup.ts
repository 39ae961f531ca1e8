import type { Logger } from 'pino';
import type { Config } from './config';

/**
 * Development stand-ins for LINE on loopback, each loaded only when asked for:
 * - LINE_LOCAL_PROVIDER (no LINE channel configured, embedded database by default): the local
 *   OpenID provider for LINE Login, and, for the LINE app (LINE_LIFF_ID set without a
 *   LINE_VERIFY_URL), the local ID-token verification;
 * - LINE_MESSAGING_URL=local: the local Messaging API (pushes are kept in memory; `GET /pushes`).
 * The providers' code (and its devDependency oidc-provider) is loaded only then.
 */
export const withLocalLineProvider = async (config: Config, logger: Logger): Promise<Config> => {
  let next = config;
  if (config.line.mode === 'local') {
    const { startLocalLineProvider } = await import('./dev/local-line-provider');
    const provider = await startLocalLineProvider();
    logger.warn({ issuer: provider.issuer }, 'LINE Login: no LINE channel configured, using the local development provider (never use it in production)');
    next = {
      ...next,
      line: { mode: 'line', issuer: provider.issuer, channelId: provider.channelId, channelSecret: provider.channelSecret, redirectFromRequest: true },
    };
  }
  if (next.lineApp?.verifyUrl === 'local') {
    const { startLocalLineVerify } = await import('./dev/local-line-verify');
    const verify = await startLocalLineVerify({ channelId: next.lineApp.channelId });
    logger.warn({ url: verify.url }, 'LINE app: using the local development ID-token verification (never use it in production)');
    next = { ...next, lineApp: { ...next.lineApp, verifyUrl: verify.url } };
  }
  if (next.lineMessaging?.url === 'local') {
    const { startLocalLineMessaging } = await import('./dev/local-line-messaging');
    const messaging = await startLocalLineMessaging();
    logger.warn({ url: messaging.url }, 'LINE_MESSAGING_URL=local: LINE pushes go to the local development Messaging API (see GET <url>/pushes)');
    next = { ...next, lineMessaging: { url: messaging.url, token: messaging.channelAccessToken } };
  }
  return next;
};
