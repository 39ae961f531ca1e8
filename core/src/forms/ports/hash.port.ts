/** SHA-256 for the forms' hash chain and their versions (implemented in adapters/security). */
export interface HashPort {
  /** Lowercase hex SHA-256 of the UTF-8 bytes of `text`. */
  sha256Hex(text: string): string;
}
