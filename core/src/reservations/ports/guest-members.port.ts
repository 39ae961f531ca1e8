/** What a guest gives when booking; the reservation repository finds or makes the 仮会員 from it. */
export interface GuestDetails {
  readonly clinicId: string;
  readonly name: string;
  readonly kana: string;
  readonly phone: string;
  readonly email: string | null;
}
