import type { Language } from '../../shared/language';

/** What a guest gives when booking; the reservation repository finds or makes the 仮会員 from it. */
export interface GuestDetails {
  readonly clinicId: string;
  readonly name: string;
  readonly kana: string;
  readonly phone: string;
  readonly email: string | null;
  /**
   * The language the booking was made in (absent: Japanese): kept on the reservation, so that its
   * messages go out in it, and on the 仮会員.
   */
  readonly language?: Language;
}
