// The route table: every route of the API, declared once, grouped by subject. The HTTP adapter's
// routers take method, path, validation and the answers' schemas from it; the web app's client is
// made from it (web/src/shared/api/api.ts). How to add a route: docs/architecture.md.
import { guestReservations, reservations, staffReservations } from './reservations';

export const routes = {
  reservations,
  guestReservations,
  staffReservations,
};

export type Routes = typeof routes;
