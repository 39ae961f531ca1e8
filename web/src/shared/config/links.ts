/**
 * Addresses that differ per deployment, from `import.meta.env` (`VITE_*` at build time).
 * The defaults are placeholders on the reserved example.jp domain, and a same-origin path for
 * the LINE login, which the server owns.
 */
export interface ExternalLinks {
  homepage: string;
  promo: string;
  guestRegistration: string;
  lineLogin: string;
}

function pick(value: string | undefined, fallback: string): string {
  const trimmed = value?.trim();
  return trimmed ? trimmed : fallback;
}

export const externalLinks: ExternalLinks = {
  homepage: pick(import.meta.env.VITE_CLINIC_HOMEPAGE_URL, 'https://www.example.jp/'),
  promo: pick(import.meta.env.VITE_PROMO_URL, 'https://www.example.jp/campaign/'),
  guestRegistration: pick(import.meta.env.VITE_GUEST_REGISTRATION_URL, 'https://www.example.jp/register/'),
  lineLogin: pick(import.meta.env.VITE_LINE_LOGIN_URL, '/user/login/'),
};
