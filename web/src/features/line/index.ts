// The LINE app (LIFF): one chunk of its own; the LIFF SDK is a further chunk loaded by its layout.
export { LineAppLayout } from './LineAppLayout';
export { LineAppBookPage, LineAppReservationsPage } from './LineAppPages';
