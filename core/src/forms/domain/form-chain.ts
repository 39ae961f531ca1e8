import type { HashPort } from '../ports/hash.port';

/**
 * Canonical JSON: object keys sorted by code unit, no spaces, arrays in order, `undefined`
 * members left out. The same value always gives the same text, which is what is hashed.
 */
export const canonicalJson = (value: unknown): string => {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new TypeError('canonical JSON has no NaN or Infinity');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map((each) => (each === undefined ? 'null' : canonicalJson(each))).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, each]) => each !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, each]) => `${JSON.stringify(key)}:${canonicalJson(each)}`).join(',')}}`;
};

/** The link of the chain (shared/API.md): lowercase hex SHA-256 of `prevHash + "\n" + canonical`. */
export const chainHash = (hasher: HashPort, prevHash: string, canonical: string): string => hasher.sha256Hex(`${prevHash}\n${canonical}`);

export interface ChainLink {
  readonly canonical: string;
  readonly hash: string;
  readonly prevHash: string;
}

/**
 * Whether the links, oldest first, form one unbroken chain: the first has prevHash "", each
 * next one's prevHash is the hash before it, and each hash is that of its own canonical text.
 */
export const verifyChain = (hasher: HashPort, links: readonly ChainLink[]): boolean => {
  let previous = '';
  for (const link of links) {
    if (link.prevHash !== previous) return false;
    if (chainHash(hasher, link.prevHash, link.canonical) !== link.hash) return false;
    previous = link.hash;
  }
  return true;
};
