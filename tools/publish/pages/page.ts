// The frame every page of the pack shares: a plain HTML document that reads without JavaScript, the
// navigation, and the search form (search.html reads its query from the address). Links to entities
// are tokens until the pages are laid out, since which page holds an entity is known only then.
import { html, trusted, type Markup } from '../markup.js';

/** The parts of the pack the navigation names. */
export type Section =
  'start' | 'documents' | 'matrix' | 'risks' | 'verification' | 'changes' | 'gaps' | 'search';

/** One page before layout: its body holds entity-link tokens. */
export interface Page {
  /** file name, e.g. "matrix-2.html" */
  name: string;
  title: string;
  section: Section;
  body: Markup;
  /** the page's own scripts (assets/…), after the shared one */
  scripts?: string[];
  /** the entities this page is the home of (links to them lead here) */
  anchors?: string[];
}

const NAV: [Section, string, string][] = [
  ['start', 'Start', 'index.html'],
  ['documents', 'Documents', 'documents.html'],
  ['matrix', 'Traceability', 'matrix.html'],
  ['risks', 'Risks', 'risks.html'],
  ['verification', 'Verification', 'verification.html'],
  ['changes', 'Changes', 'changes.html'],
  ['gaps', 'Gaps and diagnostics', 'gaps.html'],
];

// Control characters never occur in escaped text (the escaper replaces them), so tokens cannot clash.
const OPEN = '\u0001';
const CLOSE = '\u0002';

/** A link to an entity, resolved to its page when the pack is laid out. */
export function entityLink(id: string, label: string | Markup = id): Markup {
  return html`<a href="${trusted(OPEN + encodeURIComponent(id) + CLOSE)}">${label}</a>`;
}

/**
 * The markup with every entity-link token replaced by `href(id)`. A loop over the tokens rather than a
 * replace with a function: a large pack has 250,000 links and the replace's calls were most of its cost.
 */
export function resolveLinks(text: string, href: (id: string) => string): string {
  const known = new Map<string, string>(); // a page links the same few entities many times
  const parts: string[] = [];
  let from = 0;
  for (let open = text.indexOf(OPEN); open >= 0; open = text.indexOf(OPEN, from)) {
    const close = text.indexOf(CLOSE, open + 1);
    if (close < 0) break;
    const encoded = text.slice(open + 1, close);
    let link = known.get(encoded);
    if (link === undefined) known.set(encoded, (link = href(decodeURIComponent(encoded))));
    parts.push(text.slice(from, open), link);
    from = close + 1;
  }
  if (from === 0) return text;
  parts.push(text.slice(from));
  return parts.join('');
}

/** The whole HTML document of a page (tokens still in it). */
export function pageDocument(page: Page, project: string): string {
  const nav = NAV.map(
    ([section, label, href]) =>
      html`<li>
        <a href="${href}" ${section === page.section ? trusted(' aria-current="page"') : ''}>${label}</a>
      </li>`,
  );
  const scripts = ['assets/site.js', ...(page.scripts ?? [])].map(
    (src) => html`<script src="${src}" defer></script>`,
  );
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="generator" content="rr publish" />
        <title>${page.title} · ${project}</title>
        <link rel="stylesheet" href="assets/site.css" />
        ${scripts}
      </head>
      <body>
        <header class="site">
          <a class="skip" href="#main">Skip to content</a>
          <p class="project">${project}</p>
          <nav aria-label="Pack">
            <ul>
              ${nav}
            </ul>
          </nav>
          <form class="search" action="search.html" method="get" role="search">
            <label for="rr-q">Search</label> <input id="rr-q" name="q" type="search" />
            <button type="submit">Search</button>
          </form>
        </header>
        <main id="main">${page.body}</main>
      </body>
    </html> `.html;
}
