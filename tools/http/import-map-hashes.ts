// A page's inline import maps, as the CSP hash sources that allow exactly them: browsers take an import
// map only inline, and the servers' policies allow no other inline script.
import { createHash } from 'node:crypto';

/** `'sha256-…'` sources of every `<script type="importmap">` in the page. */
export function importMapHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\s+type=["']?importmap["']?\s*>([\s\S]*?)<\/script>/gi))
    hashes.push(`'sha256-${createHash('sha256').update(match[1]!, 'utf8').digest('base64')}'`);
  return hashes;
}
