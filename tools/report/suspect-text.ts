// `rr suspect`'s text: suspect links grouped by parent, each parent's changed fields once with the text
// they had at the review and have now.
import { entityName } from '../model/entity.js';
import type { LinkReview } from '../change-control/link-reviews.js';
import { clearCommand } from '../change-control/link-words.js';
import { plural } from './diagnostic-counts.js';

/** The suspect links as text; the last line counts them and says how to clear them. */
export function suspectText(suspect: readonly LinkReview[]): string {
  const byParent = new Map<string, LinkReview[]>();
  for (const r of suspect) {
    const list = byParent.get(r.link.parent.id);
    if (list) list.push(r);
    else byParent.set(r.link.parent.id, [r]);
  }
  const lines: string[] = [];
  for (const reviews of byParent.values()) {
    const parent = reviews[0]!.link.parent;
    lines.push(`${entityName(parent)} (${parent.file}:${lineOf(parent)})`);
    const shown = new Set<string>();
    for (const r of reviews) {
      const who = r.stamp ? `reviewed by ${r.stamp.by} on ${r.stamp.at.slice(0, 10)}` : 'never reviewed';
      const fields = r.changes.map((c) => c.field);
      const what = r.stamp
        ? `${fields.join(', ')} changed since review`
        : 'not reviewed since stamping started';
      const child = r.link.childEntity
        ? `${r.link.child} ${r.link.link}`
        : `verification set ${r.link.child}`;
      lines.push(`  ${child}: ${what} (${who}); ${clearCommand(r.link)}`);
      for (const c of r.changes) {
        const key = `${c.field}\u0000${r.stamp?.fields[c.field] ?? ''}`;
        if (shown.has(key)) continue;
        shown.add(key);
        lines.push(
          `    ${c.field} was: ${c.beforeKnown ? show(c.before) : '(changed since review; the reviewed text was not kept)'}`,
        );
        lines.push(`    ${c.field} now: ${show(c.after)}`);
      }
    }
  }
  const parents = byParent.size;
  lines.push(
    suspect.length === 0
      ? 'no suspect links'
      : `${plural(suspect.length, 'suspect link')} under ${plural(parents, 'parent')}; review each child, then run the clear command shown (or \`rr suspect clear --all\`)`,
  );
  return lines.join('\n') + '\n';
}

function lineOf(entity: { positions: Record<string, [number, number]> }): number {
  return entity.positions['']?.[0] ?? 1;
}

function show(value: unknown): string {
  if (value === undefined || value === null) return '(absent)';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.includes('\n') ? JSON.stringify(text) : text;
}
