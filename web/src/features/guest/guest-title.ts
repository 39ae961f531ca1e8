/** Longest `title` shown from the query; a link cannot flood the header. */
export const GUEST_TITLE_MAX_LENGTH = 40;

/** The guest header's title: the query's `title`, else the default (新規カウンセリング). */
export function guestTitle(search: string | URLSearchParams, defaultTitle: string): string {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const title = params.get('title')?.trim();
  return title ? title.slice(0, GUEST_TITLE_MAX_LENGTH) : defaultTitle;
}
