import type { LineAppConfigJson, LineAppSessionJson, ReservationJson } from '@clinic/contract';
import type { HttpClient } from '../../shared/api/http';

/** The LINE app's calls (`/api/line/app/...`): the page shows their refusals itself. */
export const lineAppApi = (http: HttpClient) => ({
  config: () => http.get<LineAppConfigJson>('/api/line/app/config', { notifyErrors: false }),
  /** The server verifies the ID token at LINE; the LINE user of the session is the token's. */
  session: (idToken: string) => http.post<LineAppSessionJson>('/api/line/app/session', { idToken }, { notifyErrors: false }),
  reservations: () => http.get<ReservationJson[]>('/api/line/app/reservations', { notifyErrors: false }),
  cancel: (id: string) => http.put<ReservationJson>(`/api/line/app/reservations/${encodeURIComponent(id)}/cancel`, undefined, { notifyErrors: false }),
});
