// SPDX-License-Identifier: AGPL-3.0-or-later
// The notes as the feed for the next design pass: markdown (design-notes.md, `rr notes report`, the
// export route) and JSON. The markdown holds no clock time of its own, so it changes only when notes do.

import type { ViewerRecordAuthor } from '../records/viewer-record-author.js';
import {
  DESIGN_NOTE_STATUSES,
  type DesignNote,
  type DesignNoteStatus,
  type DesignNoteTarget,
} from './design-note.js';

/** Schema identifier of the JSON export. */
export const DESIGN_NOTES_EXPORT_SCHEMA = 'pnr-design-notes-export-v1';

/** Status sections in the order the next design pass reads them. */
const SECTION_ORDER: readonly DesignNoteStatus[] = ['accepted', 'applied', 'open', 'rejected'];
const SECTION_TITLE: Record<DesignNoteStatus, string> = {
  accepted: 'Accepted',
  applied: 'Applied',
  open: 'Open',
  rejected: 'Rejected',
};

/** The JSON export of notes. */
export function designNotesJson(notes: DesignNote[], dir: string, exported: Date): Record<string, unknown> {
  return { schema: DESIGN_NOTES_EXPORT_SCHEMA, exported: exported.toISOString(), dir, notes };
}

/** The notes as markdown, grouped by status (accepted first), each with its targets, context and comments. */
export function designNotesMarkdown(
  notes: DesignNote[],
  dir: string,
  statuses?: readonly DesignNoteStatus[],
): string {
  const shown = statuses ?? DESIGN_NOTE_STATUSES;
  const counts = SECTION_ORDER.filter((s) => shown.includes(s))
    .map((s) => `${notes.filter((n) => n.status === s).length} ${s}`)
    .join(', ');
  const out = [
    '# Design notes',
    '',
    `${notes.length} note${notes.length === 1 ? '' : 's'} from ${dir}${counts ? ` (${counts})` : ''}.`,
  ];
  for (const status of SECTION_ORDER) {
    if (!shown.includes(status)) continue;
    const section = notes.filter((n) => n.status === status);
    if (section.length === 0) continue;
    out.push('', `## ${SECTION_TITLE[status]}`);
    for (const note of section) out.push('', ...designNoteMarkdown(note));
  }
  return out.join('\n') + '\n';
}

function designNoteMarkdown(note: DesignNote): string[] {
  const lines = [`### ${capital(note.kind)}: ${oneLine(note.title)}`, ''];
  const facts = [`- Id: \`${note.id}\`, revision ${note.revision}`];
  facts.push(`- Written by ${who(note.author)} on ${note.created}`);
  if (note.decision)
    facts.push(
      `- ${capital(note.decision.status)} by ${who(note.decision.author)} on ${note.decision.time}${note.decision.reason ? `: ${oneLine(note.decision.reason)}` : ''}`,
    );
  if (note.applied)
    facts.push(
      `- Applied by ${who(note.applied.author)} on ${note.applied.time}${note.applied.detail ? `: ${oneLine(note.applied.detail)}` : ''}`,
    );
  if (note.targets.length > 0) facts.push(`- Targets: ${note.targets.map(targetText).join('; ')}`);
  const c = note.context;
  if (c) {
    const parts = [
      c.run ? `run ${c.run}` : '',
      c.lane ? `lane ${c.lane}` : '',
      c.seq !== undefined ? `event ${c.seq}` : '',
      c.checkpoint ? `checkpoint ${c.checkpoint}` : '',
    ].filter(Boolean);
    if (parts.length > 0) facts.push(`- Context: ${parts.join(', ')}`);
  }
  lines.push(...facts);
  if (note.body.trim() !== '') lines.push('', note.body.trim());
  if (note.comments.length > 0) {
    lines.push('', 'Comments:', '');
    for (const comment of note.comments)
      lines.push(`- ${who(comment.author)} on ${comment.time}: ${oneLine(comment.text)}`);
  }
  return lines;
}

function targetText(t: DesignNoteTarget): string {
  switch (t.type) {
    case 'footprint':
      return `footprint ${t.ref}`;
    case 'pad':
      return `pad ${t.ref}.${t.pad}`;
    case 'net':
      return `net ${t.net}`;
    case 'point':
      return `point (${t.x}, ${t.y})${t.layer ? ` on ${t.layer}` : ''}`;
    case 'lane':
      return `lane ${t.lane}${t.run ? ` of run ${t.run}` : ''}`;
    case 'event':
      return `event ${t.seq}${t.run ? ` of run ${t.run}` : ''}`;
    case 'source':
      return `source ${t.path}${t.line !== undefined ? `:${t.line}` : ''}`;
  }
}

function who(author: ViewerRecordAuthor): string {
  return author.name
    ? `${author.name} (${author.user}, ${author.address})`
    : `${author.user} (${author.address})`;
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}
