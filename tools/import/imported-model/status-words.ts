// Other tools' status words and the rr status each becomes (docs/import-export.md lists them).

/** rr's entity statuses (schemas/model.schema.json). */
export const RR_STATUSES = ['draft', 'proposed', 'approved', 'implemented', 'obsolete'] as const;
export type RrStatus = (typeof RR_STATUSES)[number];

const WORDS: Record<string, RrStatus> = {
  draft: 'draft',
  new: 'draft',
  open: 'draft',
  'in work': 'draft',
  'in progress': 'draft',
  proposed: 'proposed',
  'in review': 'proposed',
  'under review': 'proposed',
  'ready for review': 'proposed',
  review: 'proposed',
  reviewed: 'proposed',
  submitted: 'proposed',
  approved: 'approved',
  accepted: 'approved',
  active: 'approved',
  agreed: 'approved',
  baselined: 'approved',
  released: 'approved',
  valid: 'approved',
  implemented: 'implemented',
  done: 'implemented',
  verified: 'implemented',
  closed: 'implemented',
  obsolete: 'obsolete',
  deleted: 'obsolete',
  deprecated: 'obsolete',
  rejected: 'obsolete',
  retired: 'obsolete',
  withdrawn: 'obsolete',
  superseded: 'obsolete',
};

/** The rr status a status word stands for (case and spacing ignored), or undefined for an unknown word. */
export function rrStatus(word: string, extra: Record<string, string> = {}): RrStatus | undefined {
  const key = word
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
  for (const [from, to] of Object.entries(extra)) {
    if (
      from
        .trim()
        .toLowerCase()
        .replace(/[\s_-]+/g, ' ') === key
    )
      return to as RrStatus;
  }
  return WORDS[key];
}
