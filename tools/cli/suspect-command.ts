// `rr suspect` lists the links whose parent changed since they were reviewed; `rr suspect clear` marks
// links reviewed through the same checked, all-or-nothing write as every editor save (docs/change-control.md).
import { linkReviews } from '../change-control/link-reviews.js';
import { linkWords } from '../change-control/link-words.js';
import { linkReviewJson } from '../change-control/review-json.js';
import { parseReviewer, reviewTime } from '../change-control/reviewer.js';
import { suspectLinkRule } from '../change-control/suspect-rule.js';
import { isEditError } from '../edit/edit-error.js';
import type { ClearSuspectRequest } from '../edit/edit-request.js';
import { saveEdit } from '../edit/save-edit.js';
import { runGit } from '../git/git-client.js';
import { loadModel } from '../model/load-model.js';
import { packageVersion } from '../model/package-version.js';
import { diagnosticsToSarif } from '../report/diagnostics-sarif.js';
import { suspectText } from '../report/suspect-text.js';
import { finalizeDiagnostics } from '../validate/validate-model.js';
import { EXIT, type CliIo } from './cli-io.js';
import { workspaceRoot } from '../sources/workspace-root.js';

/** Options of `rr suspect`. */
export interface SuspectOptions {
  model: string;
  format: 'text' | 'json' | 'sarif';
}

/** Options of `rr suspect clear`. */
export interface SuspectClearOptions {
  model: string;
  all?: boolean;
  dryRun?: boolean;
  author?: string;
}

/** `rr suspect`: the suspect links grouped by parent; exit 1 when there is any. */
export async function runSuspect(options: SuspectOptions, io: CliIo): Promise<number> {
  const model = await loadModel(options.model);
  if (model.unreadable) {
    io.err(`rr suspect: ${options.model} cannot be read; \`rr validate ${options.model}\` says why\n`);
    return EXIT.usage;
  }
  const reviews = linkReviews(model);
  const suspect = reviews.filter((r) => r.state === 'suspect');
  if (options.format === 'json') {
    io.out(
      JSON.stringify(
        { stamped: model.reviewed !== undefined, suspect: suspect.map(linkReviewJson) },
        null,
        2,
      ) + '\n',
    );
  } else if (options.format === 'sarif') {
    const diagnostics = finalizeDiagnostics(suspectLinkRule(model, reviews), model.config);
    io.out(JSON.stringify(diagnosticsToSarif(diagnostics, packageVersion(), io.cwd), null, 2) + '\n');
  } else {
    if (!model.reviewed)
      io.out(
        `${options.model} is not stamped yet: \`rr suspect clear --all\` starts change control (docs/change-control.md)\n`,
      );
    io.out(suspectText(suspect));
  }
  return suspect.length > 0 ? EXIT.errors : EXIT.ok;
}

/** `rr suspect clear`: stamps the links named (or all suspect ones) as reviewed now by the author. */
export async function runSuspectClear(
  ids: string[],
  options: SuspectClearOptions,
  io: CliIo,
): Promise<number> {
  if ((options.all ?? false) === ids.length > 0) {
    io.err('rr suspect clear: name a CHILD (and optionally its PARENTs), or give --all\n');
    return EXIT.usage;
  }
  const by = options.author !== undefined ? parseReviewer(options.author) : await gitIdentity(io.cwd);
  if (!by) {
    io.err(
      options.author !== undefined
        ? 'rr suspect clear: --author takes a name followed by an e-mail address in angle brackets: "Ada <ada@example.com>"\n'
        : 'rr suspect clear: who reviewed? give --author "Name <mail>" (or set git user.name and user.email)\n',
    );
    return EXIT.usage;
  }
  const request: ClearSuspectRequest = {
    op: 'clear-suspect',
    by,
    at: reviewTime(new Date()),
    ...(options.all ? { all: true } : { child: ids[0]!, parents: ids.slice(1) }),
  };
  try {
    const result = await saveEdit(
      { root: workspaceRoot(options.model, io.cwd), modelPath: options.model },
      request,
      { dryRun: options.dryRun ?? false },
    );
    const cleared = result.cleared;
    for (const review of cleared) io.out(`cleared ${linkWords(review.link)}\n`);
    const verb = options.dryRun ? 'would clear' : 'cleared';
    io.out(
      `${verb} ${cleared.length} link${cleared.length === 1 ? '' : 's'} as reviewed by ${by}${options.dryRun ? ' (dry run: nothing written)' : result.files.length > 0 ? `; wrote ${result.files.join(', ')}` : ''}\n`,
    );
    return EXIT.ok;
  } catch (error) {
    if (!isEditError(error)) throw error;
    io.err(`rr suspect clear: ${error.message}\n`);
    return EXIT.errors;
  }
}

/** "Name <mail>" from git's user.name and user.email, when both are set. */
async function gitIdentity(cwd: string): Promise<string | undefined> {
  const read = async (key: string) =>
    (await runGit(cwd, ['config', key]).catch(() => Buffer.from(''))).toString('utf8').trim();
  const [name, email] = [await read('user.name'), await read('user.email')];
  return name && email ? parseReviewer(`${name} <${email}>`) : undefined;
}
