// Change control in the editor (docs/change-control.md, docs/api.md "Review"): the suspect links with
// their parents' changes field by field, and clearing them: a checked, all-or-nothing save through
// the same plan, proof and journal as every other, attributed to X-RR-Author.
import type { FastifyInstance } from 'fastify';
import { linkReviews } from '../../change-control/link-reviews.js';
import { linkReviewJson, type LinkReviewJson } from '../../change-control/review-json.js';
import { reviewTime } from '../../change-control/reviewer.js';
import type { ClearSuspectRequest } from '../../edit/edit-request.js';
import { LINK_RELATIONS, type LinkRelation } from '../../model/review-stamps.js';
import { authorText } from '../../git/author-text.js';
import { requiredAuthor, type EditorContext } from '../editor-context.js';
import { EditorRouteError } from '../editor-route-error.js';
import { bodyObject, queryOf } from '../request-input.js';

/** GET /api/suspect: the suspect links (of one entity, as child or parent, with `entity`). */
export interface SuspectList {
  /** whether the model has review stamps (change control has started) */
  stamped: boolean;
  count: number;
  links: LinkReviewJson[];
}

/** POST /api/suspect/clear: what was cleared and written. */
export interface ClearAnswer {
  ok: true;
  cleared: LinkReviewJson[];
  files: string[];
}

/** The review routes. */
export function registerReviewRoutes(app: FastifyInstance, ctx: EditorContext): void {
  const { session } = ctx;

  app.get('/api/suspect', (request): SuspectList => {
    const { entity } = queryOf(request.query);
    const suspect = linkReviews(session.model).filter((r) => r.state === 'suspect');
    const links = suspect
      .filter((r) => !entity || r.link.child === entity || r.link.parent.id === entity)
      .map((r) => {
        const json = linkReviewJson(r);
        return { ...json, file: session.repoPath(json.file) };
      });
    return { stamped: session.model.reviewed !== undefined, count: links.length, links };
  });

  app.post('/api/suspect/clear', async (request): Promise<ClearAnswer> => {
    const body = bodyObject(request.body);
    const author = requiredAuthor(ctx, request);
    const clear: ClearSuspectRequest = {
      op: 'clear-suspect',
      by: authorText(author),
      at: reviewTime(new Date()),
      ...(body.all === true ? { all: true } : { links: linksOf(body.links) }),
    };
    const outcome = await session.save(clear, { author });
    return {
      ok: true,
      cleared: outcome.result.cleared.map((r) => {
        const json = linkReviewJson(r);
        return { ...json, file: session.repoPath(json.file) };
      }),
      files: outcome.result.files.map((f) => session.repoPath(f)),
    };
  });
}

/** The `links` of a clear: a non-empty list of {parent, link, child}. */
function linksOf(value: unknown): { parent: string; link: LinkRelation; child: string }[] {
  const bad = () =>
    new EditorRouteError(
      'bad-request',
      `links must be a non-empty list of {parent, link, child} with link one of ${LINK_RELATIONS.join(', ')}, or send {"all": true}`,
    );
  if (!Array.isArray(value) || value.length === 0) throw bad();
  return value.map((item: unknown) => {
    const o = item as Record<string, unknown> | null;
    if (
      !o ||
      typeof o.parent !== 'string' ||
      typeof o.child !== 'string' ||
      typeof o.link !== 'string' ||
      !(LINK_RELATIONS as readonly string[]).includes(o.link)
    )
      throw bad();
    return { parent: o.parent, link: o.link as LinkRelation, child: o.child };
  });
}
