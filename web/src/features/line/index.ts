// The LINE app (LIFF): one chunk of its own; the LIFF SDK is a further chunk loaded by its layout.
import { i18n } from '../../i18n';
import { registerLineAppTexts } from '../../i18n/line-app';

registerLineAppTexts(i18n);

export { LineAppLayout } from './LineAppLayout';
export { LineAppBookPage, LineAppReservationsPage, LineAppWaitlistPage } from './LineAppPages';
