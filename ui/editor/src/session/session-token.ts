// The bearer token reaches the UI once, in the address's fragment (`#token=…`, docs/api.md, "Security").
// It is moved into session storage and removed from the address bar at once, so it does not end up
// in bookmarks, screenshots or the history.

const STORAGE_KEY = 'rr-editor-token';

/** Takes a `#token=` fragment out of the address (keeping any route after it) and returns the session's token. */
export function takeSessionToken(): string | null {
  const hash = window.location.hash;
  const match = /^#token=([^&]*)(?:&(.*))?$/.exec(hash);
  if (match) {
    const token = decodeURIComponent(match[1] ?? '');
    const rest = match[2] ? `#${match[2]}` : '#/';
    window.history.replaceState(null, '', `${window.location.pathname}${window.location.search}${rest}`);
    if (token) sessionStorage.setItem(STORAGE_KEY, token);
  }
  return sessionStorage.getItem(STORAGE_KEY);
}
