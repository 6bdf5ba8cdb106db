// Writing a worksheet: a new file is rendered whole; an existing one is changed surgically, at the
// ranges the yaml package gives, so a person's accepted marks, comments and layout keep their bytes.
// Every rewrite is proved by reading the result back, and replaces the file atomically.
import { isDeepStrictEqual } from 'node:util';
import { isMap, isPair, isScalar, isSeq, stringify, type Pair, type YAMLMap } from 'yaml';
import { dominantEnding, withEnding } from '../../edit/line-endings.js';
import { hashOfFile, replaceFileDurably, writeNewFileDurably } from '../../edit/durable-fs.js';
import { contentHash } from '../../edit/content-hash.js';
import { nodeAtPath } from '../../model/node-positions.js';
import { parseWorksheet, readWorksheetText, type ParsedWorksheet } from './read-worksheet.js';
import { worksheetKey, type WorksheetCase, type WorksheetProposal, type WorksheetRow } from './worksheet.js';
import { WorksheetError } from './worksheet-error.js';

/** What adding proposals did to a worksheet. */
export interface ProposalsWritten {
  file: string;
  /** the file did not exist and was created */
  created: boolean;
  /** rows appended for cases the worksheet did not hold */
  added: number;
  /** rows not accepted whose proposal was replaced */
  updated: number;
  /** rows that already held the same proposal */
  unchanged: number;
  /** accepted rows left as the person accepted them, although the new proposal differs */
  kept: WorksheetCase[];
}

/** One accept mark a person sets or clears. */
export interface AcceptMark extends WorksheetCase {
  accepted: boolean;
}

interface TextEdit {
  from: number;
  to: number;
  text: string;
}

const HEADER = [
  '# rr attribution worksheet (docs/worksheet.md): proposed owners of test cases, never decided ones.',
  '# Review each row; set `accepted: true` on the proposals you agree with, then apply them with',
  "# `rr cases --worksheet FILE --apply-accepted` or on the editor's Worksheet page.",
];

/**
 * Adds proposals to a worksheet, creating it when absent (the assign-test-cases workflow's worksheet
 * option). A row not yet accepted gets the new proposal; an accepted row is kept as accepted; new cases
 * are appended. Nothing else in the file changes.
 */
export async function addWorksheetProposals(
  file: string,
  proposals: readonly WorksheetProposal[],
): Promise<ProposalsWritten> {
  const result: ProposalsWritten = { file, created: false, added: 0, updated: 0, unchanged: 0, kept: [] };
  const unique = new Map(proposals.map((p) => [worksheetKey(p), p]));
  const before = await hashOfFile(file);
  if (before === null) {
    const text = [...HEADER, 'rrplan: 1', ...casesBlock([...unique.values()], '  ')].join('\n') + '\n';
    parseWorksheet(file, text);
    result.created = true;
    result.added = unique.size;
    await writeNewFileDurably(file, Buffer.from(text)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'EEXIST') throw changedMeanwhile(file);
      throw new WorksheetError(`${file}: cannot be written: ${error.message}`, file);
    });
    return result;
  }
  const sheet = parseWorksheet(file, await readWorksheetText(file));
  const rows = new Map(sheet.rows.map((r, i) => [worksheetKey(r), { row: r, index: i }]));
  const edits: TextEdit[] = [];
  const appended: WorksheetProposal[] = [];
  for (const [key, proposal] of unique) {
    const found = rows.get(key);
    if (!found) {
      appended.push(proposal);
      continue;
    }
    if (sameProposal(found.row, proposal)) result.unchanged++;
    else if (found.row.accepted) result.kept.push({ target: proposal.target, path: proposal.path });
    else {
      const map = rowMap(sheet, found.index);
      for (const field of ['proposed', 'reason', 'proposed_by'] as const)
        if (found.row[field] !== proposal[field]) edits.push(setValue(sheet, map, field, proposal[field]));
      result.updated++;
    }
  }
  if (appended.length > 0) edits.push(appendRows(sheet, appended));
  result.added = appended.length;
  const expected = expectedRows(sheet.rows, unique, result.kept);
  await rewrite(sheet, edits, before, (after) => isDeepStrictEqual(plainRows(after.rows), expected));
  return result;
}

/** Sets or clears a person's accepted mark on rows of a worksheet; every other byte stays. */
export async function setWorksheetAccepted(file: string, marks: readonly AcceptMark[]): Promise<void> {
  const before = await hashOfFile(file);
  if (before === null) throw new WorksheetError(`${file}: cannot be read: no such file`, file);
  const sheet = parseWorksheet(file, await readWorksheetText(file));
  const index = new Map(sheet.rows.map((r, i) => [worksheetKey(r), i]));
  const edits: TextEdit[] = [];
  const wanted = new Map<string, boolean>();
  for (const mark of marks) {
    const i = index.get(worksheetKey(mark));
    if (i === undefined)
      throw new WorksheetError(
        `${file}: has no row for case ${mark.target} ${mark.path}; only proposed cases can be accepted`,
        file,
      );
    wanted.set(worksheetKey(mark), mark.accepted);
    if (sheet.rows[i]!.accepted === mark.accepted) continue;
    const map = rowMap(sheet, i);
    const pair = pairOf(map, 'accepted');
    edits.push(
      pair
        ? setValue(sheet, map, 'accepted', mark.accepted)
        : addField(sheet, map, 'accepted', mark.accepted),
    );
  }
  await rewrite(sheet, edits, before, (after) =>
    after.rows.every((r, i) => {
      const old = sheet.rows[i]!;
      const accepted = wanted.get(worksheetKey(r)) ?? old.accepted;
      return isDeepStrictEqual(plain(r), plain({ ...old, accepted }));
    }),
  );
}

/** Applies the edits, proves the result and replaces the file, unless it changed since it was read. */
async function rewrite(
  sheet: ParsedWorksheet,
  edits: TextEdit[],
  hashRead: string,
  proves: (after: ParsedWorksheet) => boolean,
): Promise<void> {
  if (edits.length === 0) return;
  let text = sheet.text;
  for (const edit of [...edits].sort((a, b) => b.from - a.from))
    text = text.slice(0, edit.from) + edit.text + text.slice(edit.to);
  let after: ParsedWorksheet | undefined;
  try {
    after = parseWorksheet(sheet.file, text);
  } catch {
    after = undefined;
  }
  if (!after || !proves(after))
    throw new WorksheetError(
      `${sheet.file}: cannot be changed in place (its layout is not one rr can edit surgically); nothing was written: edit the file by hand`,
      sheet.file,
    );
  if ((await hashOfFile(sheet.file)) !== hashRead || contentHash(Buffer.from(sheet.text)) !== hashRead)
    throw changedMeanwhile(sheet.file);
  await replaceFileDurably(sheet.file, Buffer.from(text));
}

function changedMeanwhile(file: string): WorksheetError {
  return new WorksheetError(
    `${file}: changed on disk while rr was writing it; nothing was written: try again`,
    file,
  );
}

function sameProposal(row: WorksheetProposal, p: WorksheetProposal): boolean {
  return row.proposed === p.proposed && row.reason === p.reason && row.proposed_by === p.proposed_by;
}

/** The rows the file must hold after adding proposals. */
function expectedRows(
  rows: readonly WorksheetRow[],
  proposals: ReadonlyMap<string, WorksheetProposal>,
  kept: readonly WorksheetCase[],
): ReturnType<typeof plain>[] {
  const keptKeys = new Set(kept.map(worksheetKey));
  const existing = new Set(rows.map(worksheetKey));
  const updated = rows.map((r) => {
    const p = proposals.get(worksheetKey(r));
    return p && !keptKeys.has(worksheetKey(r)) && !r.accepted ? plain({ ...r, ...p }) : plain(r);
  });
  const added = [...proposals.values()]
    .filter((p) => !existing.has(worksheetKey(p)))
    .map((p) => plain({ ...p, accepted: false }));
  return [...updated, ...added];
}

function plainRows(rows: readonly WorksheetRow[]): ReturnType<typeof plain>[] {
  return rows.map(plain);
}

function plain(r: WorksheetProposal & { accepted: boolean }) {
  return {
    target: r.target,
    path: r.path,
    proposed: r.proposed,
    reason: r.reason,
    proposed_by: r.proposed_by,
    accepted: r.accepted,
  };
}

function rowMap(sheet: ParsedWorksheet, index: number): YAMLMap {
  const node = nodeAtPath(sheet.doc, ['cases', String(index)]);
  if (!isMap(node)) throw notEditable(sheet);
  return node;
}

function pairOf(map: YAMLMap, key: string): Pair | undefined {
  return map.items.find((p) => isPair(p) && isScalar(p.key) && p.key.value === key);
}

/** Replaces a field's value in place; a block scalar keeps its line ending. */
function setValue(sheet: ParsedWorksheet, map: YAMLMap, key: string, value: unknown): TextEdit {
  const node = pairOf(map, key)?.value;
  if (!isScalar(node) || !node.range) throw notEditable(sheet);
  const [from, to] = node.range;
  const block = node.type === 'BLOCK_LITERAL' || node.type === 'BLOCK_FOLDED';
  const ending = dominantEnding(sheet.text);
  const keepsEnd = block && sheet.text.slice(from, to).endsWith('\n');
  return { from, to, text: scalarText(value) + (keepsEnd ? ending : '') };
}

/** Adds a field as the row's last line, at its fields' indentation. */
function addField(sheet: ParsedWorksheet, map: YAMLMap, key: string, value: unknown): TextEdit {
  const first = map.items[0]?.key;
  if (!isScalar(first) || !first.range || !map.range || map.flow) throw notEditable(sheet);
  const indent = ' '.repeat(sheet.lines.linePos(first.range[0]).col - 1);
  const at = map.range[1];
  const ending = dominantEnding(sheet.text);
  const lead = sheet.text[at - 1] === '\n' ? '' : ending;
  return { from: at, to: at, text: `${lead}${indent}${key}: ${scalarText(value)}${ending}` };
}

/** Appends rows to the `cases` list, at its items' indentation (an empty flow list becomes a block). */
function appendRows(sheet: ParsedWorksheet, proposals: readonly WorksheetProposal[]): TextEdit {
  const seq = sheet.doc.get('cases', true);
  if (!isSeq(seq) || !seq.range) throw notEditable(sheet);
  const ending = dominantEnding(sheet.text);
  if (seq.flow) {
    if (seq.items.length > 0) throw notEditable(sheet);
    const text = withEnding(['', ...casesBlock(proposals, '  ').slice(1)].join('\n'), ending);
    // `cases: []` becomes `cases:` and the block below it (the space before `[` goes too).
    let from = seq.range[0];
    while (from > 0 && sheet.text[from - 1] === ' ') from--;
    return { from, to: seq.range[1], text };
  }
  const indent = ' '.repeat(sheet.lines.linePos(seq.range[0]).col - 1);
  const at = seq.range[1];
  const lead = sheet.text[at - 1] === '\n' ? '' : ending;
  const lines = casesBlock(proposals, indent).slice(1);
  return { from: at, to: at, text: lead + withEnding(lines.join('\n') + '\n', ending) };
}

/** `cases:` and one block per proposal, not yet accepted. */
function casesBlock(proposals: readonly WorksheetProposal[], indent: string): string[] {
  const lines = [proposals.length === 0 ? 'cases: []' : 'cases:'];
  for (const p of proposals) {
    lines.push(`${indent}- target: ${scalarText(p.target)}`);
    for (const [key, value] of [
      ['path', p.path],
      ['proposed', p.proposed],
      ['reason', p.reason],
      ['proposed_by', p.proposed_by],
      ['accepted', false],
    ] as const)
      lines.push(`${indent}  ${key}: ${scalarText(value)}`);
  }
  return lines;
}

/** A value as one line of YAML: plain when it reads back the same, quoted otherwise. */
function scalarText(value: unknown): string {
  if (typeof value === 'string' && /[\n\r\t]/.test(value)) return JSON.stringify(value);
  return stringify(value, { lineWidth: 0 }).replace(/\n$/, '');
}

function notEditable(sheet: ParsedWorksheet): WorksheetError {
  return new WorksheetError(
    `${sheet.file}: cannot be changed in place (its layout is not one rr can edit surgically); nothing was written: edit the file by hand`,
    sheet.file,
  );
}
