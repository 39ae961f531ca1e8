import type { Audience, PageViewEvent } from './analytics.port';

/** `/staff/calendar` and `/staff/calendar/` are one route: counted with the trailing slash. */
export function normalizePath(pathname: string): string {
  const path = pathname.startsWith('/') ? pathname : `/${pathname}`;
  return path.endsWith('/') ? path : `${path}/`;
}

export function audienceOf(pathname: string): Audience {
  const first = normalizePath(pathname).split('/')[1];
  switch (first) {
    case 'staff':
      return 'staff';
    case 'admin':
      return 'admin';
    case 'user':
      return 'user';
    case 'guest':
      return 'guest';
    default:
      return 'public';
  }
}

export function campaignOf(search: string): string | undefined {
  const params = new URLSearchParams(search);
  const campaign = params.get('utm_campaign') ?? params.get('campaign');
  return campaign ? campaign.slice(0, 100) : undefined;
}

/** An external referrer without its query or fragment. */
export function cleanReferrer(referrer: string): string | undefined {
  if (!referrer) return undefined;
  try {
    const url = new URL(referrer);
    return `${url.origin}${url.pathname}`;
  } catch {
    return undefined;
  }
}

export function pageViewEvent(location: { pathname: string; search: string }, referrer: string | undefined): PageViewEvent {
  const path = normalizePath(location.pathname);
  const event: PageViewEvent = { path, audience: audienceOf(path) };
  if (referrer) event.referrer = referrer;
  const campaign = campaignOf(location.search);
  if (campaign) event.campaign = campaign;
  return event;
}
