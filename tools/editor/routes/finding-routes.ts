// Acting on a finding (docs/api.md "Agents"): add it as a note, create or update what it proposes, write
// its case-owner proposal to a worksheet, or dismiss it. Every write goes through the session's checked,
// surgical, all-or-nothing save, the same as a form's, one-owner checks included. Nothing is written
// before a person applies a finding; nothing applied may set verified_by or validated_by (409).
import { dirname, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { AgentError } from '../../agents/jobs/agent-error.js';
import { checkWorksheetPath } from '../../agents/jobs/run-request.js';
import type { Finding, Proposal } from '../../agents/findings/finding.js';
import type { CreateForm, WorksheetAnswer } from '../../agents/findings/finding-actions.js';
import { protectedFieldIn } from '../../agents/findings/proposal-policy.js';
import { newEntityTarget } from '../../edit/entity-placement.js';
import { requestAuthor, type EditorContext } from '../editor-context.js';
import { entityNoteFields } from '../../app/entity-notes.js';
import { bodyObject, stringField } from '../request-input.js';
import { addEntityNote } from './entity-note-routes.js';
import { known, saveBody } from './entity-routes.js';
import { FINDING_APPLY_BODY, FINDING_DISMISS_BODY } from './body-schemas.js';
import { worksheetCall } from './worksheet-routes.js';

type FindingParams = { Params: { id: string } };

const NOTE_KINDS = ['gap', 'todo', 'question'];

/** The finding routes. */
export function registerFindingRoutes(app: FastifyInstance, ctx: EditorContext): void {
  const { board } = ctx.agents;

  app.get<FindingParams>('/api/findings/:id', (request) => board.finding(request.params.id));

  app.post<FindingParams>(
    '/api/findings/:id/dismiss',
    { schema: { body: FINDING_DISMISS_BODY } },
    (request) => ({
      finding: board.dismissed(request.params.id, stringField(bodyObject(request.body ?? {}), 'reason')),
    }),
  );

  app.post<FindingParams>(
    '/api/findings/:id/apply',
    { schema: { body: FINDING_APPLY_BODY } },
    async (request, reply) => {
      const body = bodyObject(request.body);
      const finding = board.openFinding(request.params.id);
      const author = requestAuthor(ctx, request);
      const version = stringField(body, 'version');
      switch (body.action) {
        case 'note': {
          const proposed = finding.proposal?.type === 'note' ? finding.proposal : undefined;
          // The entity a person names wins; else the one the note proposal is for (a finding about
          // REQ-001 may propose a note on its mitigation); else the finding's own.
          const entity = stringField(body, 'entity') ?? proposed?.entity ?? finding.entity;
          if (!entity)
            throw new AgentError(
              'bad-request',
              'this finding is about the whole model: choose the entity the note goes on ("entity")',
            );
          known(ctx.session.model, entity);
          const kind = stringField(body, 'kind') ?? proposed?.kind ?? 'gap';
          if (!NOTE_KINDS.includes(kind))
            throw new AgentError('bad-request', `a finding's note is a gap, todo or question, not "${kind}"`);
          const text = stringField(body, 'text') ?? proposed?.text ?? finding.detail;
          const { outcome, note } = await addEntityNote(
            ctx,
            entity,
            entityNoteFields({ text, kind }, true),
            version,
            author,
          );
          const answer = saveBody(ctx, outcome);
          const applied = board.applied(finding.id, { action: 'note', entity, note, files: answer.files });
          return reply.code(201).send({ ...answer, note, finding: applied });
        }
        case 'create': {
          const proposal = proposalOf(finding, 'create');
          if (body.data === undefined) {
            const target = newEntityTarget(ctx.session.snapshot, proposal.kind);
            const form: CreateForm = {
              action: 'create',
              written: false,
              finding,
              form: {
                kind: proposal.kind,
                id: target.id,
                file: ctx.session.repoPath(target.file),
                data: proposal.data,
              },
            };
            return form;
          }
          const data = unprotected(bodyObject(body.data), 'create');
          const id = stringField(body, 'id');
          // The file the person picked in the form; the save refuses one that cannot take the kind.
          const file = stringField(body, 'file');
          const outcome = await ctx.session.save(
            {
              op: 'create',
              kind: proposal.kind,
              data,
              ...(id !== undefined ? { id } : {}),
              ...(file ? { file: resolve(ctx.session.root, file) } : {}),
            },
            { author },
          );
          const answer = saveBody(ctx, outcome);
          const applied = board.applied(finding.id, {
            action: 'create',
            entity: answer.entity.id,
            note: null,
            files: answer.files,
          });
          return reply.code(201).send({ ...answer, finding: applied });
        }
        case 'update': {
          const proposal = proposalOf(finding, 'update');
          const fields = unprotected(
            body.fields === undefined ? proposal.fields : bodyObject(body.fields),
            'update',
          );
          const entity = known(ctx.session.model, proposal.entity);
          const data: Record<string, unknown> = { ...entity.data };
          for (const [field, value] of Object.entries(fields)) {
            if (value === null) delete data[field];
            else data[field] = value;
          }
          const outcome = await ctx.session.save(
            { op: 'update', id: entity.id, data, version: version ?? proposal.version },
            { author },
          );
          const answer = saveBody(ctx, outcome);
          const applied = board.applied(finding.id, {
            action: 'update',
            entity: entity.id,
            note: null,
            files: answer.files,
          });
          return { ...answer, finding: applied };
        }
        case 'worksheet': {
          const proposal = proposalOf(finding, 'case-owner');
          const sink = ctx.agents.worksheet;
          const path = stringField(body, 'path') ?? defaultWorksheetPath(ctx);
          checkWorksheetPath(path);
          const { rows } = await worksheetCall(ctx.session, () => sink.write(path, [proposal]));
          const applied = board.applied(finding.id, {
            action: 'worksheet',
            entity: proposal.proposed,
            note: null,
            files: [path],
          });
          const answer: WorksheetAnswer = {
            action: 'worksheet',
            written: true,
            finding: applied,
            path,
            rows,
          };
          return answer;
        }
        default:
          throw new AgentError('bad-request', '"action" is note, create, update or worksheet');
      }
    },
  );
}

/** The finding's proposal of a type; 409 no-proposal otherwise. */
function proposalOf<T extends Proposal['type']>(finding: Finding, type: T): Extract<Proposal, { type: T }> {
  if (finding.proposal?.type !== type)
    throw new AgentError(
      'no-proposal',
      `finding ${finding.id} proposes ${finding.proposal ? `a ${finding.proposal.type}` : 'nothing'}, not a ${type}`,
    );
  return finding.proposal as Extract<Proposal, { type: T }>;
}

/** Fields without verified_by/validated_by; 409 protected-field when they have one. */
function unprotected(fields: Record<string, unknown>, action: 'create' | 'update'): Record<string, unknown> {
  const field = protectedFieldIn(fields);
  if (field)
    throw new AgentError(
      'protected-field',
      `applying a finding never changes ${field}: ` +
        (action === 'create'
          ? `save the new entity without it, then edit its verification set in the entity's form`
          : `edit the verification set in the entity's form`) +
        ', where the one-owner checks show what it would change',
      { field },
    );
  return fields;
}

/** cases.rrplan in the model's folder, relative to the checkout. */
function defaultWorksheetPath(ctx: EditorContext): string {
  const root = ctx.session.model.root;
  const folder = ctx.session.repoPath(/\.(ya?ml|json)$/i.test(root) ? dirname(root) : root);
  return folder === '' || folder === '.' ? 'cases.rrplan' : `${folder}/cases.rrplan`;
}
