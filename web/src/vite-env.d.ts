/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The chain's homepage (top page link). */
  readonly VITE_CLINIC_HOMEPAGE_URL?: string;
  /** Where the promo banner of the top page leads. */
  readonly VITE_PROMO_URL?: string;
  /** The external guest (member) registration page. */
  readonly VITE_GUEST_REGISTRATION_URL?: string;
  /** Starts the LINE Login flow (the server redirects to LINE and back to /common/line-redirect/). */
  readonly VITE_LINE_LOGIN_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
