// Development and tests only (oidc-provider is a devDependency of @clinic/server).
export { LOCAL_LINE_USERS, startLocalLineProvider } from './local-line-provider';
export type { LocalLineProvider } from './local-line-provider';
export { startLocalLineMessaging } from './local-line-messaging';
export type { LocalLineMessaging, LocalPush } from './local-line-messaging';
export { LIFF_MOCK_SIGNATURE, startLocalLineVerify } from './local-line-verify';
export type { LocalLineVerify } from './local-line-verify';
export type { LocalMessage } from './local-line-messaging';
