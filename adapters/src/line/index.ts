export { OpenIdLineLogin } from './openid-line-login';
export type { LineLoginSettings } from './openid-line-login';
