// SPDX-License-Identifier: AGPL-3.0-or-later
// The page served when no viewer page is built: it says so and lists the API, with no script or style
// (the Content-Security-Policy allows neither inline).
import { escapeMarkup } from 'rules-rr/core/xml/markup-escape.js';

/** The built-in page for a viewer without its page. */
export function fallbackPage(title: string, looked: string[]): string {
  const items = looked.map((dir) => `<li><code>${escapeMarkup(dir)}</code></li>`).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeMarkup(title)}: viewer page not built</title>
</head>
<body>
<h1>${escapeMarkup(title)}</h1>
<p>The viewer's page is not built, so there is nothing to show here yet. No <code>index.html</code> was found in:</p>
<ul>${items}</ul>
<p>Build the page, or start <code>rr view</code> with <code>--dist DIR</code> pointing at its assembled files.</p>
<p>The API works: <a href="/api/state">/api/state</a>, <a href="/api/about">/api/about</a>,
<a href="/api/features">/api/features</a>, <a href="/api/notes">/api/notes</a>,
<a href="/api/controls">/api/controls</a> (see docs/viewer-api.md).</p>
</body>
</html>
`;
}
