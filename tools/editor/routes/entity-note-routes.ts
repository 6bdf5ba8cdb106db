// Notes on entities (docs/api.md, "Notes"): add, change, delete. Each is an update of the entity's `notes`
// field through the session's checked save; a new note is written with its author and date.
import type { FastifyInstance } from 'fastify';
import { entityVersion } from '../../edit/entity-version.js';
import type { Author } from '../../git/git-client.js';
import { authorText } from '../../git/author-text.js';
import { requestAuthor, type EditorContext } from '../editor-context.js';
import { known, saveBody } from './entity-routes.js';
import {
  nextEntityNoteId,
  entityNoteFields,
  entityNoteIndex,
  entityNoteObject,
} from '../../app/entity-notes.js';
import { bodyObject, queryOf, stringField } from '../request-input.js';
import { VERSIONED_BODY } from './body-schemas.js';

type EntityNoteParams = { Params: { id: string; note: string } };

/** The note routes. */
export function registerEntityNoteRoutes(app: FastifyInstance, ctx: EditorContext): void {
  app.post<{ Params: { id: string } }>(
    '/api/entities/:id/notes',
    { schema: { body: VERSIONED_BODY } },
    async (request, reply) => {
      const body = bodyObject(request.body);
      const { outcome, note } = await addEntityNote(
        ctx,
        request.params.id,
        entityNoteFields(body, true),
        stringField(body, 'version'),
        requestAuthor(ctx, request),
      );
      return reply.code(201).send({ ...saveBody(ctx, outcome), note });
    },
  );

  app.patch<EntityNoteParams>(
    '/api/entities/:id/notes/:note',
    { schema: { body: VERSIONED_BODY } },
    async (request) => {
      const body = bodyObject(request.body);
      const fields = entityNoteFields(body, false);
      const outcome = await saveEntityNotes(
        ctx,
        request.params.id,
        stringField(body, 'version'),
        (notes) => {
          const i = entityNoteIndex(notes, request.params.note, request.params.id);
          notes[i] = { ...entityNoteObject(notes[i]), ...fields };
          return notes;
        },
        requestAuthor(ctx, request),
      );
      return { ...saveBody(ctx, outcome), note: request.params.note };
    },
  );

  app.delete<EntityNoteParams>('/api/entities/:id/notes/:note', async (request) => {
    const outcome = await saveEntityNotes(
      ctx,
      request.params.id,
      queryOf(request.query).version,
      (notes) => {
        notes.splice(entityNoteIndex(notes, request.params.note, request.params.id), 1);
        return notes;
      },
      requestAuthor(ctx, request),
    );
    return { ...saveBody(ctx, outcome), note: request.params.note };
  });
}

/** Saves an entity with its notes replaced; `version` defaults to the loaded one. */
async function saveEntityNotes(
  ctx: EditorContext,
  id: string,
  version: string | undefined,
  change: (notes: unknown[]) => unknown[],
  author: Author | undefined,
) {
  const entity = known(ctx.session.model, id);
  const notes = change(Array.isArray(entity.data.notes) ? entity.data.notes.slice() : []);
  const data: Record<string, unknown> = { ...entity.data };
  if (notes.length > 0) data.notes = notes;
  else delete data.notes;
  return ctx.session.save({ op: 'update', id, data, version: version ?? entityVersion(entity) }, { author });
}

/**
 * Adds a note to an entity through the checked save (POST /api/entities/{id}/notes, and a finding's
 * note action): `{id: n<k>, kind, status, text, author?, created}`.
 */
export async function addEntityNote(
  ctx: EditorContext,
  id: string,
  fields: Record<string, string>,
  version: string | undefined,
  author: Author | undefined,
) {
  let note = '';
  const outcome = await saveEntityNotes(
    ctx,
    id,
    version,
    (notes) => {
      note = nextEntityNoteId(notes);
      const added: Record<string, unknown> = { id: note, kind: 'comment', status: 'open', ...fields };
      if (author) added.author = authorText(author);
      added.created = new Date().toISOString().slice(0, 10);
      return [...notes, added];
    },
    author,
  );
  return { outcome, note };
}
