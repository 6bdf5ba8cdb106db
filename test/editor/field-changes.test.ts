// What the Agents page shows before applying an update finding (ui/editor/src/model/field-changes.ts):
// each proposed field now and after, so a person sees the change before it is written.
import { expect, test } from 'vitest';
import { fieldChanges } from '../../ui/editor/src/model/field-changes.js';

test('an update lists each proposed field as set, changed, removed or the same', () => {
  const data = { title: 'Rate', tags: ['dosing', 'safety'], status: 'draft', owner: 'fw' };
  expect(
    fieldChanges(data, {
      title: 'Rate and volume',
      tags: ['dosing', 'safety'],
      status: null,
      rationale: 'IFU',
      category: null,
    }),
  ).toEqual([
    { field: 'title', now: 'Rate', proposed: 'Rate and volume', change: 'change' },
    { field: 'tags', now: 'dosing\nsafety', proposed: 'dosing\nsafety', change: 'same' },
    { field: 'status', now: 'draft', proposed: '', change: 'remove' },
    { field: 'rationale', now: '', proposed: 'IFU', change: 'set' },
    { field: 'category', now: '', proposed: '', change: 'same' },
  ]);
});
