// The import report: what was read, how it mapped onto rr's model, the config written for it, and every
// value that has no place in rr's model. Printed as a summary and written in full as a file.

/** A value the import could not keep, with where it was. */
export interface LostValue {
  /** the entity id or `file:line` it belonged to */
  at: string;
  value: string;
}

/** What an import found, mapped and left out. */
export class ImportReport {
  /** things read, in the order first counted: "requirements" → 288 */
  readonly read = new Map<string, number>();
  /** mappings applied: "UID → id" → 288 */
  readonly mapped = new Map<string, number>();
  /** config keys written, each with why */
  readonly config: string[] = [];
  /** groups of values not kept: "field USER_STORY" → its values */
  readonly lost = new Map<string, LostValue[]>();
  /** anything else worth saying, once each */
  readonly notes: string[] = [];
  /** the notes as a set: an importer may note something once per item */
  private readonly noted = new Set<string>();

  constructor(
    readonly format: string,
    readonly source: string,
  ) {}

  /** Adds `n` to a count of things read. */
  count(what: string, n = 1): void {
    this.read.set(what, (this.read.get(what) ?? 0) + n);
  }

  /** Counts one use of a mapping ("STATEMENT → description"). */
  map(mapping: string, n = 1): void {
    this.mapped.set(mapping, (this.mapped.get(mapping) ?? 0) + n);
  }

  /** Records a value that has no place in rr's model. */
  lose(group: string, at: string, value: string): void {
    const list = this.lost.get(group) ?? [];
    list.push({ at, value });
    this.lost.set(group, list);
  }

  /** Adds a note, once. */
  note(text: string): void {
    if (this.noted.has(text)) return;
    this.noted.add(text);
    this.notes.push(text);
  }

  /** The short form printed after an import. */
  summary(out: string, reportFile: string): string {
    const lines = [`rr import ${this.format}: ${this.source} → ${out}`];
    lines.push(`read: ${[...this.read].map(([what, n]) => `${n} ${what}`).join(', ') || 'nothing'}`);
    if (this.mapped.size > 0) {
      lines.push('mapped:');
      for (const [mapping, n] of this.mapped) lines.push(`  ${mapping}: ${n}`);
    }
    if (this.config.length > 0) {
      lines.push('config written to rr.yaml:');
      for (const c of this.config) lines.push(`  ${c}`);
    }
    if (this.lost.size > 0) {
      lines.push(`not kept (every value is listed in ${reportFile}):`);
      for (const [group, values] of this.lost) lines.push(`  ${group}: ${values.length}`);
    }
    for (const note of this.notes) lines.push(`note: ${note}`);
    return lines.join('\n') + '\n';
  }

  /** The full report as markdown: the summary's content and every value not kept. */
  markdown(): string {
    const out = [`# Import report`, '', `Imported from ${this.format}: \`${this.source}\`.`, ''];
    out.push('## Read', '', ...[...this.read].map(([what, n]) => `- ${what}: ${n}`), '');
    if (this.mapped.size > 0) {
      out.push('## Mapped', '', '| From | Count |', '|---|---|');
      for (const [mapping, n] of this.mapped) out.push(`| ${cell(mapping)} | ${n} |`);
      out.push('');
    }
    if (this.config.length > 0)
      out.push('## Config written to rr.yaml', '', ...this.config.map((c) => `- ${c}`), '');
    if (this.notes.length > 0) out.push('## Notes', '', ...this.notes.map((n) => `- ${n}`), '');
    if (this.lost.size > 0) {
      out.push('## Not kept', '', 'These values have no place in rr’s model; they are kept here only.', '');
      for (const [group, values] of this.lost) {
        out.push(`### ${group} (${values.length})`, '');
        for (const v of values) out.push(`- ${v.at}:${block(v.value)}`);
        out.push('');
      }
    }
    return out.join('\n');
  }
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

/** A value as a list item's text: one line inline, several as an indented block. */
function block(value: string): string {
  if (!value.includes('\n')) return value === '' ? ' (empty)' : ` ${value}`;
  return (
    '\n\n' +
    value
      .split('\n')
      .map((l) => (l === '' ? '' : `      ${l}`))
      .join('\n') +
    '\n'
  );
}
