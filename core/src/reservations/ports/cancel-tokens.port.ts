/** Random tokens handed to guests, stored only as hashes. */
export interface CancelTokensPort {
  issue(): { readonly token: string; readonly hash: string };
  hash(token: string): string;
}
