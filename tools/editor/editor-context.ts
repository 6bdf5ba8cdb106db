// What every route group gets: the session, git, the server's settings, and how a request names its
// author (`X-RR-Author`, else `--author`).
import type { FastifyRequest } from 'fastify';
import type { JobBoard } from '../agents/jobs/job-board.js';
import type { WorksheetSink } from '../agents/jobs/worksheet-sink.js';
import type { LlmSetup } from '../agents/llm/llm-availability.js';
import { parseAuthor } from '../git/author-text.js';
import type { Author, GitClient } from '../git/git-client.js';
import { EditorRouteError } from './editor-route-error.js';
import type { ModelSession } from '../app/model-session.js';

/** The agents of one server: whether LLM workflows can run, their jobs, and where worksheets are written. */
export interface EditorAgents {
  llm: LlmSetup;
  board: JobBoard;
  /** the worksheet writer of the worksheet action and option */
  worksheet: WorksheetSink;
}

/** The state shared by the route groups of one server. */
export interface EditorContext {
  session: ModelSession;
  git: GitClient | undefined;
  agents: EditorAgents;
  /** `--author` */
  defaultAuthor: Author | undefined;
}

/** The author of a request: its `X-RR-Author` header, else the server's `--author`; 400 for a bad header. */
export function requestAuthor(ctx: EditorContext, request: FastifyRequest): Author | undefined {
  const header = request.headers['x-rr-author'];
  if (header === undefined) return ctx.defaultAuthor;
  const author = typeof header === 'string' ? parseAuthor(header) : undefined;
  if (!author)
    throw new EditorRouteError(
      'bad-author',
      'X-RR-Author must be a name followed by an e-mail address in angle brackets, e.g. "Ada Lovelace <ada@example.com>"',
    );
  return author;
}

/** The author of a request that must have one (commits and tags). */
export function requiredAuthor(ctx: EditorContext, request: FastifyRequest): Author {
  const author = requestAuthor(ctx, request);
  if (!author)
    throw new EditorRouteError(
      'no-author',
      'a commit or tag needs an author: send X-RR-Author, or start the editor with --author "Name <email>"',
    );
  return author;
}
