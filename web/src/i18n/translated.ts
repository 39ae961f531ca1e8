import type { ja } from './ja';
import type { jaEntry } from './ja-entry';

/** The same keys as the Japanese texts, each leaf a string: a missing key is a compile error. */
export type Translated<T> = { readonly [K in keyof T]: T[K] extends string ? string : Translated<T[K]> };

type Ja = typeof ja;

/** The texts of the entry chunk (app-wide, errors, guest pages), in another language. */
export type EntryTexts = Translated<typeof jaEntry>;

/**
 * The texts of `./ja.ts` that members and visitors read (top page, logins, LINE, mypage), in
 * another language. Staff and admin texts are not translated: those screens stay Japanese.
 */
export const MEMBER_SECTIONS = ['notFound', 'top', 'login', 'line', 'messages', 'memberLayout'] as const;
export type MemberTexts = Translated<
  Pick<Ja, (typeof MEMBER_SECTIONS)[number]> & {
    pages: Pick<Ja['pages'], 'common' | 'user'>;
    memberPages: Omit<Ja['memberPages'], 'staffUsers'>;
  }
>;
