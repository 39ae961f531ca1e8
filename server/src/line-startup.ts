import type { Logger } from 'pino';
import type { Config } from './config';

/**
 * With LINE_LOCAL_PROVIDER (no LINE channel configured, embedded database by default), starts
 * the development stand-in for LINE on loopback and points LINE Login at it. The provider's code
 * (and its devDependency oidc-provider) is loaded only then.
 */
export const withLocalLineProvider = async (config: Config, logger: Logger): Promise<Config> => {
  if (config.line.mode !== 'local') return config;
  const { startLocalLineProvider } = await import('./dev/local-line-provider');
  const provider = await startLocalLineProvider();
  logger.warn({ issuer: provider.issuer }, 'LINE Login: no LINE channel configured, using the local development provider (never use it in production)');
  return {
    ...config,
    line: { mode: 'line', issuer: provider.issuer, channelId: provider.channelId, channelSecret: provider.channelSecret, redirectFromRequest: true },
  };
};
