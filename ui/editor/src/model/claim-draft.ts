// One row of the verification-set form: a claim item being edited. A row remembers the item it came
// from; when the row's content still says the same thing, the original item is written back exactly
// (docs/editor.md, "The form and the verification set").

/** A claim row as the form edits it. */
export interface ClaimDraft {
  /** a stable key for rendering */
  key: number;
  /** the item as read, or undefined for a new row */
  original: unknown;
  target: string;
  whole: boolean;
  /** one selector per line */
  selectors: string;
  level: string;
  reason: string;
}

let nextKey = 1;

/** A new, empty row. */
export function emptyDraft(): ClaimDraft {
  return {
    key: nextKey++,
    original: undefined,
    target: '',
    whole: false,
    selectors: '',
    level: '',
    reason: '',
  };
}

/** The row for an item as read (any of the four claim shapes, deprecated ones included). */
export function draftOf(item: unknown): ClaimDraft {
  const draft = emptyDraft();
  draft.original = item;
  if (typeof item === 'string') {
    draft.target = item;
    draft.whole = true;
    return draft;
  }
  if (item && typeof item === 'object') {
    const o = item as Record<string, unknown>;
    draft.target = typeof o.target === 'string' ? o.target : '';
    draft.whole = !Array.isArray(o.cases);
    draft.selectors = Array.isArray(o.cases) ? o.cases.filter((c) => typeof c === 'string').join('\n') : '';
    draft.level = typeof o.level === 'string' ? o.level : '';
    draft.reason = typeof o.reason === 'string' ? o.reason : '';
  }
  return draft;
}

/** The selector lines of a row (blank lines dropped). */
export function selectorLines(draft: ClaimDraft): string[] {
  return draft.selectors.split('\n').filter((line) => line.trim() !== '');
}

/** Whether a row still says what its original item said. */
export function untouched(draft: ClaimDraft): boolean {
  if (draft.original === undefined) return false;
  const before = draftOf(draft.original);
  return (
    before.target === draft.target &&
    before.whole === draft.whole &&
    before.level === draft.level &&
    before.reason === draft.reason &&
    sameLines(selectorLines(before), selectorLines(draft))
  );
}

function sameLines(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((line, i) => line === b[i]);
}

/** The claim item a row writes: the original when untouched, else a current-shape item. */
export function claimItem(draft: ClaimDraft): unknown {
  if (untouched(draft)) return draft.original;
  // Keys the form does not know stay with the item.
  const base: Record<string, unknown> =
    draft.original && typeof draft.original === 'object'
      ? { ...(draft.original as Record<string, unknown>) }
      : {};
  delete base.cases;
  delete base.whole;
  delete base.level;
  delete base.reason;
  const item: Record<string, unknown> = { ...base, target: draft.target.trim() };
  if (draft.whole) item.whole = true;
  else item.cases = selectorLines(draft);
  if (draft.level.trim()) item.level = draft.level.trim();
  if (draft.reason.trim()) item.reason = draft.reason;
  return item;
}

/** Why a row cannot be saved as it is, or undefined (problems the form catches before the server). */
export function draftProblem(draft: ClaimDraft): string | undefined {
  if (draft.target.trim() === '') return 'Give the target label.';
  if (draft.whole && draft.reason.trim() === '' && !untouched(draft))
    return 'A whole-target claim needs a reason: why can the target not be claimed per case?';
  if (!draft.whole && selectorLines(draft).length === 0)
    return 'Select at least one case, or claim the whole target.';
  return undefined;
}
