import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { createApi } from '../../shared/api/api';
import { guestReservations } from '../../shared/api/endpoints';
import type { HttpClient } from '../../shared/api/http';

/**
 * Solves the guest booking guard's proof-of-work challenge (ALTCHA, issued by our own server) in
 * the browser with Web Crypto, and answers what the booking sends as `challenge`. Loaded only when
 * the server asks for it (428 CHALLENGE_REQUIRED), so the guest page's first load does not carry
 * it (docs/benchmarks.md, "Guest booking page budget").
 */
export async function solveGuestChallenge(http: HttpClient): Promise<string> {
  const api = createApi(http, { guestReservations });
  const challenge: Challenge = await api.guestReservations.challenge({}, { notifyErrors: false });
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 60_000 });
  return JSON.stringify({ challenge, solution });
}
