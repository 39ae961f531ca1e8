/** Reloads the page (after a clinic add or update, as the specification asks); tests replace `run`. */
export const CLINIC_RELOAD_DELAY_MS = 2_000;

export const pageReload = {
  run: (): void => window.location.reload(),
  /** Reloads after the specification's 2 s, so the success message is seen first. */
  later(delayMs = CLINIC_RELOAD_DELAY_MS): void {
    window.setTimeout(() => pageReload.run(), delayMs);
  },
};
