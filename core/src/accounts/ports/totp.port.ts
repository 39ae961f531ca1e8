/** Time-based one-time passwords (RFC 6238: SHA-1, 6 digits, 30-second steps). */
export interface TotpPort {
  /** A new random secret, base32. */
  generateSecret(): string;
  /** The `otpauth://totp/…` URI an authenticator app reads from a QR code. */
  keyUri(account: string, issuer: string, secret: string): string;
  /**
   * The time step the code belongs to when it is right at `at` (one step either side allowed for
   * clock drift), else null. The caller refuses a step not later than the last one used.
   */
  verify(secret: string, code: string, at: Date): number | null;
}

/** Single-use recovery codes and the one-way digest under which they are stored. */
export interface RecoveryCodesPort {
  /** A new random code, e.g. `k7m2p-x9q4r` (at least 50 bits). */
  generate(): string;
  /** SHA-256 of the code (the caller normalises it first), hex. */
  digest(code: string): string;
}
