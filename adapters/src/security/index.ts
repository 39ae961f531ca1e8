export { Argon2PasswordHasher, OWASP_ARGON2ID } from './argon2-password-hasher';
export { CryptoSecretTokens } from './crypto-secret-tokens';
export { CryptoCancelTokens } from './crypto-cancel-tokens';
export { OtpauthTotp, CryptoRecoveryCodes } from './otpauth-totp';
export { SecretBox, SecretBoxError } from './secret-box';
export { AltchaProofOfWork, type AltchaOptions } from './altcha-proof-of-work';
export { NodeSha256 } from './node-sha256';
