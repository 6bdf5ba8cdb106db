// Entities: list, read, create, update, delete, rename, precheck, and the next free id. Every change
// goes through the session's save: the edit library's plan, proof and transaction with the one-owner
// checks in its check hook.
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { newlySuspect } from '../../change-control/impact.js';
import { linkWords } from '../../change-control/link-words.js';
import { claimsOf } from '../../model/claims.js';
import type { EntityKind } from '../../model/entity.js';
import type { Model } from '../../model/model.js';
import { refusalFields } from '../../http/error-body.js';
import type { EditRequest } from '../../edit/edit-request.js';
import { newEntityTarget } from '../../edit/entity-placement.js';
import { entityVersion } from '../../edit/entity-version.js';
import type { Analysis } from '../../verify/analyze.js';
import type { Conflict } from '../../verify/owner-checks.js';
import { OwnerConflictError } from '../../verify/owner-conflict-error.js';
import type { Verdict } from '../../verify/verdicts.js';
import { EditorRouteError } from '../editor-route-error.js';
import { editorRefusal } from '../editor-errors.js';
import { requestAuthor, type EditorContext } from '../editor-context.js';
import type { SaveOutcome } from '../../app/model-session.js';
import { claimView, entitySummary, entityView, type EntitySummary } from '../../app/entity-view.js';
import { riskAssessment, type RiskAssessment } from '../../app/risk-view.js';
import { bodyObject, entityKind, flag, queryOf, stringField } from '../request-input.js';
import {
  ENTITY_CREATE_BODY,
  ENTITY_DELETE_BODY,
  ENTITY_RENAME_BODY,
  ENTITY_UPDATE_BODY,
  VERSIONED_BODY,
} from './body-schemas.js';

type IdParams = { Params: { id: string } };

/** One row of GET /api/entities: an entity with its verdict, and a risk's scores. */
export type EntityListRow = EntitySummary & { verdict: Verdict | null; risk?: RiskAssessment };

/** GET /api/entities: the entities (of one kind) with their verdicts. */
export interface EntityList {
  entities: EntityListRow[];
}

/** GET /api/next-id: the id and file a new entity of a kind would get, and the files it could go to. */
export interface NextId {
  kind: EntityKind;
  id: string;
  file: string;
  form: 'sections' | 'single';
  new_file: boolean;
  /** the parent the id and file follow (the `parent` asked about), or null */
  parent: string | null;
  /** the files that can take the kind (relative to the checkout), `file` among them */
  files: string[];
}

/** What a save answers (create, update, rename, delete; the note routes add `note`). */
export type SaveAnswer = ReturnType<typeof saveBody>;

/** A problem that refuses a save: a one-owner conflict, or another refusal (its code and message). */
export type Problem = Conflict | { code: string; message: string };

/** POST /api/entities/{id}/precheck. */
export type PrecheckAnswer = Awaited<ReturnType<typeof precheck>>;

/** The entity routes. */
export function registerEntityRoutes(app: FastifyInstance, ctx: EditorContext): void {
  const { session } = ctx;
  const repoPath = (p: string) => session.repoPath(p);

  app.get('/api/entities', (request): EntityList => {
    const { kind } = queryOf(request.query);
    const wanted = kind ? entityKind(kind) : undefined;
    const verdicts = new Map(session.analysis().entities.map((v) => [v.id, v.verdict]));
    return {
      entities: session.model.entities
        .filter((e) => !wanted || e.kind === wanted)
        .map((e) => ({
          ...entitySummary(e, repoPath),
          verdict: verdicts.get(e.id) ?? null,
          ...(e.kind === 'risk' ? { risk: riskAssessment(session.model.config, e) } : {}),
        })),
    };
  });

  app.get<IdParams>('/api/entities/:id', (request) => {
    const entity = known(session.model, request.params.id);
    return entityView(
      entity,
      session.model,
      session.analysis(),
      session.evidence,
      session.verificationLock,
      repoPath,
    );
  });

  app.post('/api/entities', { schema: { body: ENTITY_CREATE_BODY } }, async (request, reply) => {
    const body = bodyObject(request.body);
    const { kind, data } = createData(body);
    const id = stringField(body, 'id') ?? (typeof data.id === 'string' ? data.id : undefined);
    const file = chosenFile(ctx, body);
    const outcome = await session.save(
      { op: 'create', kind, data, ...(id !== undefined ? { id } : {}), ...(file ? { file } : {}) },
      { author: requestAuthor(ctx, request) },
    );
    return reply.code(201).send(saveBody(ctx, outcome));
  });

  app.put<IdParams>('/api/entities/:id', { schema: { body: ENTITY_UPDATE_BODY } }, async (request) => {
    const body = bodyObject(request.body);
    const data = body.data === undefined ? withoutKeys(body, 'version') : bodyObject(body.data);
    const version = stringField(body, 'version', true);
    const outcome = await session.save(
      { op: 'update', id: request.params.id, data, version },
      { author: requestAuthor(ctx, request) },
    );
    return saveBody(ctx, outcome);
  });

  app.delete<IdParams>('/api/entities/:id', { schema: { body: ENTITY_DELETE_BODY } }, async (request) => {
    const query = queryOf(request.query);
    const body = bodyObject(request.body);
    const version = query.version ?? stringField(body, 'version', true);
    const outcome = await session.save(
      { op: 'delete', id: request.params.id, force: flag(query.force ?? body.force), version },
      { author: requestAuthor(ctx, request) },
    );
    return saveBody(ctx, outcome);
  });

  app.post<IdParams>(
    '/api/entities/:id/rename',
    { schema: { body: ENTITY_RENAME_BODY } },
    async (request) => {
      const body = bodyObject(request.body);
      const newId = stringField(body, 'id') ?? stringField(body, 'new_id', true);
      const version = stringField(body, 'version', true);
      const outcome = await session.save(
        { op: 'rename', id: request.params.id, newId, version },
        { author: requestAuthor(ctx, request) },
      );
      return saveBody(ctx, outcome);
    },
  );

  app.post<IdParams>('/api/entities/:id/precheck', { schema: { body: VERSIONED_BODY } }, async (request) => {
    const body = bodyObject(request.body);
    return precheck(ctx, request.params.id, body);
  });

  app.get('/api/next-id', (request): NextId => {
    const query = queryOf(request.query);
    const kind = entityKind(query.kind);
    if (query.parent) known(session.model, query.parent);
    const file = chosenFile(ctx, query);
    const target = newEntityTarget(session.snapshot, kind, {
      ...(query.parent ? { parent: query.parent } : {}),
      ...(file ? { file } : {}),
    });
    return {
      kind,
      id: target.id,
      file: repoPath(target.file),
      form: target.form,
      new_file: target.newFile,
      parent: target.parent,
      files: target.files.map(repoPath),
    };
  });
}

/** The entity a path names, or 404. */
export function known(model: Model, id: string) {
  const entity = model.byId.get(id);
  if (!entity) throw new EditorRouteError('unknown-entity', `no entity has the id "${id}"`);
  return entity;
}

/** What a save answers: the entity as it is now, files written, entities changed, notices. */
export function saveBody(ctx: EditorContext, outcome: SaveOutcome) {
  const { result } = outcome;
  const repoPath = (p: string) => ctx.session.repoPath(p);
  return {
    ok: true,
    dry_run: result.dryRun,
    entity: { ...result.entity, file: repoPath(result.entity.file) },
    files: result.files.map(repoPath),
    changed: result.changed,
    unlocked: result.unlocked,
    notices: outcome.notices,
  };
}

/** The file a create chose (`file`, relative to the checkout), as an absolute path; undefined if none. */
function chosenFile(ctx: EditorContext, input: Record<string, unknown>): string | undefined {
  const file = stringField(input, 'file');
  return file ? resolve(ctx.session.root, file) : undefined;
}

/** A create's kind and fields: `{kind, data}` or the fields themselves with `kind` among them. */
function createData(body: Record<string, unknown>): { kind: EntityKind; data: Record<string, unknown> } {
  if (body.data !== undefined) return { kind: entityKind(body.kind), data: bodyObject(body.data) };
  return { kind: entityKind(body.kind), data: withoutKeys(body, 'kind', 'version', 'file') };
}

function withoutKeys(body: Record<string, unknown>, ...keys: string[]): Record<string, unknown> {
  const out = { ...body };
  for (const key of keys) delete out[key];
  return out;
}

/**
 * A dry run of a save (docs/api.md, POST /api/entities/{id}/precheck): ok, the problems that would refuse
 * it, its notices, the entity's issues and the verification set it would get. For a create the body
 * carries `_new` (the kind, or true with `kind`); the path's id is the proposed id, or `_new` to take the
 * next free one.
 */
async function precheck(ctx: EditorContext, pathId: string, body: Record<string, unknown>) {
  const { session } = ctx;
  const data = bodyObject(body.data ?? {});
  let request: EditRequest;
  if (body._new !== undefined && body._new !== false) {
    const kind = entityKind(typeof body._new === 'string' ? body._new : (body.kind ?? data.kind));
    const rest = withoutKeys(data, 'kind');
    const id = pathId === '_new' ? undefined : pathId;
    const file = chosenFile(ctx, body);
    request = {
      op: 'create',
      kind,
      data: rest,
      ...(id !== undefined ? { id } : {}),
      ...(file ? { file } : {}),
    };
  } else {
    const entity = known(session.model, pathId);
    const version = stringField(body, 'version') ?? entityVersion(entity);
    request = { op: 'update', id: pathId, data, version };
  }
  let problems: Problem[] = [];
  let notices: Conflict[] = [];
  let after: { model: Model; analysis: Analysis } | undefined;
  let id = request.op === 'create' ? (request.id ?? null) : pathId;
  try {
    const outcome = await session.save(request, { dryRun: true });
    notices = outcome.notices;
    if (outcome.analysis) after = { model: outcome.result.after, analysis: outcome.analysis };
    id = outcome.result.entity.id;
  } catch (error) {
    if (error instanceof OwnerConflictError) {
      problems = error.details.conflicts as Conflict[];
      notices = error.details.notices as Conflict[];
      after = error.after;
      // A refused create still shows the id it would get, with that entity's issues and set.
      id = error.entity ?? id;
    } else {
      // A refusal of the editor's routes or layers is the check's answer; anything else fails the request.
      const refusal = editorRefusal(error);
      if (!refusal) throw error;
      problems = [refusalFields(refusal)];
    }
  }
  const entity = id !== null ? after?.model.byId.get(id) : undefined;
  const verdict = entity ? after!.analysis.entities.find((v) => v.id === entity.id) : undefined;
  const options = after?.model.config.main_repo ? { mainRepo: after.model.config.main_repo } : {};
  // The reviewed links the save would make suspect (docs/change-control.md).
  const suspect = after ? newlySuspect(session.model, after.model) : [];
  return {
    ok: problems.length === 0,
    id,
    problems,
    notices,
    suspect: { count: suspect.length, links: suspect.map((r) => linkWords(r.link)) },
    issues: entity
      ? after!.analysis.diagnostics
          .filter((d) => d.entity === entity.id)
          .map((d) => (d.file ? { ...d, file: session.repoPath(d.file) } : d))
      : [],
    set: entity
      ? {
          members: verdict?.members ?? [],
          verdict: verdict?.verdict ?? null,
          claims: claimsOf(entity, options).map((c) => claimView(c, after!.analysis, session.evidence)),
        }
      : null,
  };
}
