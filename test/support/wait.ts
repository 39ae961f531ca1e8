/**
 * Waits for a state, not for a time: calls `probe` until it answers something truthy and returns
 * that. The test's own timeout bounds the wait; `what` names the state in the failure.
 */
export const waitFor = async <T>(probe: () => Promise<T | null | undefined | false>, what: string, timeoutMs = 25_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};
