/**
 * A small deterministic generator (xorshift32) for the random tests: `random(n)` is a whole number
 * from 0 to n − 1. A failure names its seed and replays.
 */
export const generator = (seed: number): ((n: number) => number) => {
  let state = seed;
  return (n: number) => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % n;
  };
};
