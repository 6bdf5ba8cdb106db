// SPDX-License-Identifier: AGPL-3.0-or-later
// What a design note can be, and which actions each status allows. It imports nothing, so the viewer's
// page bundles it and offers exactly the actions the server accepts.

export const DESIGN_NOTE_KINDS = ['observation', 'question', 'requirement', 'decision', 'proposal'] as const;
export const DESIGN_NOTE_STATUSES = ['open', 'accepted', 'rejected', 'applied'] as const;

export type DesignNoteKind = (typeof DESIGN_NOTE_KINDS)[number];
export type DesignNoteStatus = (typeof DESIGN_NOTE_STATUSES)[number];

/** What people can do with an existing note. */
export const DESIGN_NOTE_ACTIONS = [
  'edit',
  'accept',
  'reject',
  'apply',
  'reopen',
  'comment',
  'delete',
] as const;
export type DesignNoteAction = (typeof DESIGN_NOTE_ACTIONS)[number];

/** The statuses each action is allowed from (undefined: any). */
const ALLOWED_FROM: Record<DesignNoteAction, readonly DesignNoteStatus[] | undefined> = {
  edit: ['open'],
  accept: ['open'],
  reject: ['open'],
  apply: ['accepted'],
  reopen: ['accepted', 'rejected'],
  comment: undefined,
  delete: undefined,
};

/** The statuses an action is allowed from, or undefined when any status allows it. */
export function allowedFrom(action: DesignNoteAction): readonly DesignNoteStatus[] | undefined {
  return ALLOWED_FROM[action];
}

/** The actions a note in `status` allows, in the order of NOTE_ACTIONS. */
export function allowedActions(status: DesignNoteStatus): DesignNoteAction[] {
  return DESIGN_NOTE_ACTIONS.filter((action) => allowedFrom(action)?.includes(status) ?? true);
}
