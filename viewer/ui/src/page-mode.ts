// SPDX-License-Identifier: AGPL-3.0-or-later
// Whether the page runs from the assembled files (dist/ui, with three.js) or as bare files (its
// unbundled modules and the installed lit, without the 3D library): the bare page says so in a meta tag.

/** 'bare' when the server serves the unbundled page, else 'assembled'. */
export function pageMode(): 'bare' | 'assembled' {
  return document.querySelector('meta[name="rr-page"]')?.getAttribute('content') === 'bare'
    ? 'bare'
    : 'assembled';
}
