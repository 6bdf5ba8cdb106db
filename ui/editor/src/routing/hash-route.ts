// Hash routes: every page and entity has a deep link (`#/entity/REQ-001`, `#/cases?filter=unowned`).
// The hash keeps the server out of routing: it serves one index.html.

/** Pages without a navigation entry. */
type OtherPage = 'source' | 'missing';

/** A parsed route: the page, its path parameters and its query. */
export interface Route {
  page:
    | 'overview'
    | 'entities'
    | 'entity'
    | 'edit'
    | 'new'
    | 'cases'
    | 'graph'
    | 'queue'
    | 'changes'
    | 'agents'
    | 'worksheet'
    | 'review'
    | OtherPage;
  /** the kind of a list or a new entity, or the id of an entity page */
  param: string;
  query: URLSearchParams;
}

/** Parses `#/page/param?query`. */
export function parseRoute(hash: string): Route {
  const text = hash.replace(/^#\/?/, '');
  const q = text.indexOf('?');
  const path = q < 0 ? text : text.slice(0, q);
  const query = new URLSearchParams(q < 0 ? '' : text.slice(q + 1));
  const parts = path.split('/').map((p) => decodeURIComponent(p));
  const [head = '', param = '', tail = ''] = parts;
  switch (head) {
    case '':
      return { page: 'overview', param: '', query };
    case 'entities':
      return { page: 'entities', param: param || 'requirement', query };
    case 'entity':
      return { page: tail === 'edit' ? 'edit' : 'entity', param, query };
    case 'new':
      return { page: 'new', param: param || 'requirement', query };
    case 'cases':
    case 'graph':
    case 'queue':
    case 'changes':
    case 'agents':
    case 'worksheet':
    case 'review':
    case 'source':
      return { page: head, param: '', query };
    default:
      return { page: 'missing', param: path, query };
  }
}

/** The hash of a page, with optional query values (empty values left out). */
export function href(path: string, query: Record<string, string | number | undefined | null> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return `#/${path}${text ? `?${text}` : ''}`;
}

/** The link to an entity page. */
export function entityHref(id: string): string {
  return `#/entity/${encodeURIComponent(id)}`;
}

/** Replaces the current route's query without adding a history entry (filters typed into a page). */
export function replaceQuery(path: string, query: Record<string, string | number | undefined | null>): void {
  const next = href(path, query);
  if (next === window.location.hash) return;
  window.history.replaceState(null, '', next);
  // replaceState fires no hashchange; the shell listens for this to keep its route in step.
  window.dispatchEvent(new Event(ROUTE_REPLACED));
}

/** The event replaceQuery fires on window. */
export const ROUTE_REPLACED = 'rr-route-replaced';
