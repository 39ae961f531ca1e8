/** Random secrets for links, and the one-way digest under which they are stored. */
export interface SecretTokensPort {
  /** A new secret with 256 bits of randomness, URL-safe. */
  generate(): string;
  /** SHA-256 of the secret, hex. */
  digest(token: string): string;
}
