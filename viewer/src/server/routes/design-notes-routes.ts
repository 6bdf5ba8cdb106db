// SPDX-License-Identifier: AGPL-3.0-or-later
// Design notes: list, read, create, act on (edit, accept, reject, apply, reopen, comment, delete) and
// export. Every write needs an allowed Origin (origin-guard.ts); the store locks the shared folder.

import type { FastifyInstance } from 'fastify';
import {
  DESIGN_NOTE_ACTIONS,
  DESIGN_NOTE_KINDS,
  DESIGN_NOTE_STATUSES,
  type DesignNoteAction,
} from '../../notes/design-note.js';
import { designNotesJson, designNotesMarkdown } from '../../notes/design-notes-report.js';
import { ViewerRouteError } from '../viewer-route-error.js';
import { checkDesignNoteTargets, type DesignKnowledge } from '../../notes/design-note-target-check.js';
import { queryChoices, queryText, type Query } from '../query-values.js';
import type { ViewerContext } from '../viewer-context.js';

/** Registers the notes routes; targets of new and edited notes are checked against `knowledge`. */
export function designNotesRoutes(
  app: FastifyInstance,
  context: ViewerContext,
  knowledge: () => DesignKnowledge = () => ({}),
): void {
  const notes = context.designNotes;

  app.get('/api/notes', (request) => {
    const query = request.query as Query;
    const status = queryChoices(query, 'status', DESIGN_NOTE_STATUSES);
    const kind = queryChoices(query, 'kind', DESIGN_NOTE_KINDS);
    const { notes: list, problems } = notes.list({
      ...(status ? { status } : {}),
      ...(kind ? { kind } : {}),
    });
    return { notes: list, dir: notes.dir, problems };
  });

  app.get('/api/notes/export', async (request, reply) => {
    const query = request.query as Query;
    const format = queryText(query, 'format') || 'md';
    if (format !== 'md' && format !== 'json')
      throw new ViewerRouteError(
        'bad-query',
        `format takes md or json; got ${JSON.stringify(format.slice(0, 20))}`,
      );
    const status = queryChoices(query, 'status', DESIGN_NOTE_STATUSES);
    const list = notes.list(status ? { status } : {}).notes;
    if (format === 'json')
      return reply
        .header('content-disposition', 'attachment; filename="design-notes.json"')
        .send(designNotesJson(list, notes.dir, context.now()));
    return reply
      .header('content-type', 'text/markdown; charset=utf-8')
      .header('content-disposition', 'attachment; filename="design-notes.md"')
      .send(designNotesMarkdown(list, notes.dir, status));
  });

  app.get<{ Params: { id: string } }>('/api/notes/:id', (request) => notes.get(request.params.id));

  app.post('/api/notes', async (request, reply) => {
    checkDesignNoteTargets((request.body as { targets?: unknown } | null)?.targets, knowledge());
    const note = await notes.create(request.body, { address: request.ip, now: context.now() });
    return reply.code(201).send(note);
  });

  app.post<{ Params: { id: string; action: string } }>('/api/notes/:id/:action', async (request, reply) => {
    const action = request.params.action;
    if (!(DESIGN_NOTE_ACTIONS as readonly string[]).includes(action)) return reply.callNotFound();
    const id = request.params.id;
    if (action === 'edit')
      checkDesignNoteTargets((request.body as { targets?: unknown } | null)?.targets, knowledge());
    const note = await notes.act(id, action as DesignNoteAction, request.body, {
      address: request.ip,
      now: context.now(),
    });
    return note ?? { deleted: id };
  });
}
