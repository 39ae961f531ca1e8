import type { LiffMock } from '@line/liff-mock/dist/type';
import type { Language } from '../../i18n/languages';

/** What the LINE app needs of LIFF once it is initialised. */
export interface LiffStart {
  /** Opened inside LINE (LIFF's `isInClient`); outside, the page says so and links to the web booking. */
  readonly inClient: boolean;
  /** LIFF's ID token, for the server to verify at LINE; null outside LINE. */
  readonly idToken: string | null;
  /** LINE's language, as one of ours. */
  readonly language: Language;
}

/** LINE's language tag (`ja`, `en-US`, `zh-CN`, `zh-TW`, `ko-KR`…) as one of ours; English for any other. */
export const languageOfLine = (tag: string | null | undefined): Language => {
  const lower = (tag ?? '').toLowerCase();
  if (lower.startsWith('ja')) return 'ja';
  if (lower.startsWith('zh')) return 'zh-CN';
  return 'en';
};

const base64url = (text: string): string => {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

/**
 * DEVELOPMENT AND TESTS ONLY (LINE_LIFF_MOCK): the ID token @line/liff-mock hands out, in the form
 * the local verification stand-in accepts (`….liff-mock`). The LINE user, language and "inside
 * LINE" come from the address: `?mockUser=U…&mockLang=en&mockOutside=1`.
 */
export const mockIdToken = (lineUserId: string, name: string): string =>
  `${base64url(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${base64url(JSON.stringify({ iss: 'https://access.line.me', sub: lineUserId, name }))}.liff-mock`;

/**
 * Initialises LIFF (the SDK is loaded here, only on the LINE app's route), or LINE's own offline
 * mock when the server says so (development and tests), and reads what the app needs.
 */
export async function startLiff(config: { liffId: string; mock: boolean }, search: URLSearchParams): Promise<LiffStart> {
  const { default: liff } = await import('@line/liff');
  if (config.mock) {
    const { LiffMockPlugin } = await import('@line/liff-mock');
    liff.use(new LiffMockPlugin());
    const mocked = liff as unknown as LiffMock;
    await mocked.init({ liffId: config.liffId, mock: true });
    const user = search.get('mockUser') ?? 'U-demo-0001';
    mocked.$mock.set((previous) => ({
      ...previous,
      isInClient: search.get('mockOutside') !== '1',
      isLoggedIn: true,
      getLanguage: search.get('mockLang') ?? 'ja',
      getIDToken: mockIdToken(user, 'LINE ユーザー'),
    }));
  } else {
    await liff.init({ liffId: config.liffId });
  }
  const inClient = liff.isInClient();
  return { inClient, idToken: inClient ? liff.getIDToken() : null, language: languageOfLine(liff.getLanguage()) };
}
