export { OpenIdLineLogin } from './openid-line-login';
export type { LineLoginSettings } from './openid-line-login';
export { LineMessagingClient } from './line-messaging';
export type { LineMessagingSettings } from './line-messaging';
