export { OpenIdLineLogin } from './openid-line-login';
export type { LineLoginSettings } from './openid-line-login';
export { LineMessagingClient } from './line-messaging';
export type { LineMessagingSettings } from './line-messaging';
export { LineIdTokenVerifier } from './line-id-token-verifier';
export type { LineIdTokenVerifierSettings } from './line-id-token-verifier';
export { flexMessageOf } from './line-flex';
export { uuidOf } from './line-messaging';
