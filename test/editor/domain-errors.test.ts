// The engine refuses with domain errors (a code, no HTTP); the editor's one table answers them with the
// statuses the API has always used, in the one error body (docs/api.md, "Errors").
import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { editorErrors } from '../../tools/editor/editor-errors.js';
import { errorAnswer } from '../../tools/http/error-answers.js';
import { DOMAIN_ERROR_CODES, DomainError, type DomainErrorCode } from '../../tools/verify/domain-error.js';
import { OwnerConflictError } from '../../tools/verify/owner-conflict-error.js';
import { tempDir } from '../edit/edit-fixture.js';
import { startEditor } from './editor-fixture.js';

const EXAMPLE = fileURLToPath(new URL('../../examples/infusion-pump/', import.meta.url));

/** The statuses these refusals had when the domain code threw HTTP errors itself (docs/api.md). */
const BEFORE: [number, DomainErrorCode[]][] = [
  [400, ['bad-request']],
  [404, ['unknown-entity', 'unknown-case', 'unknown-note']],
  [409, ['needs-expand', 'one-owner']],
];
const statusBefore = (code: DomainErrorCode) => BEFORE.find(([, codes]) => codes.includes(code))?.[0];

/** The status and body the editor's error handler answers an error with. */
function answer(error: unknown) {
  return errorAnswer(
    error,
    editorErrors(1024 * 1024, () => undefined),
  );
}

describe('domain errors as HTTP', () => {
  test.each(DOMAIN_ERROR_CODES)('%s keeps its status, code, message and details', (code) => {
    const { status, body } = answer(new DomainError(code, 'what to do', { expansions: [] }));
    expect(status).toBe(statusBefore(code));
    expect(body).toEqual({ status, code, message: 'what to do', expansions: [] });
  });

  test('a save the one-owner checks refuse is 409 with its conflicts and notices', () => {
    const conflict = { code: 'shared-case', message: 'shared', case: null, entities: ['REQ-1'], owner: null };
    const { status, body } = answer(new OwnerConflictError([conflict], []));
    expect(status).toBe(409);
    expect(body).toEqual({
      status: 409,
      code: 'one-owner',
      message: 'the save would introduce 1 problem(s) of the one-owner checks: shared',
      conflicts: [conflict],
      notices: [],
    });
  });

  test('case moves and notes answer with those statuses over HTTP', async () => {
    const dir = await tempDir();
    await cp(EXAMPLE, dir, { recursive: true });
    const editor = await startEditor(dir, { evidence: join(dir, 'bazel-testlogs') });
    const [row] = (await editor.call('GET', '/api/cases')).body.cases as { target: string; path: string }[];
    const risk = (await editor.call('GET', '/api/entities?kind=risk')).body.entities[0].id as string;
    const requirement = (await editor.call('GET', '/api/entities?kind=requirement')).body.entities[0]
      .id as string;
    const move = (body: Record<string, unknown>) => editor.call('POST', '/api/cases/move', body);
    const refusals = [
      [await move({ case: { target: row!.target, path: 'no/such/case' }, to: null }), 404, 'unknown-case'],
      [await move({ case: row, to: 'REQ-404' }), 404, 'unknown-entity'],
      [await move({ case: row, to: risk }), 400, 'bad-request'],
      [
        await editor.call('PATCH', `/api/entities/${requirement}/notes/n404`, { text: 'x' }),
        404,
        'unknown-note',
      ],
      [await editor.call('POST', `/api/entities/${requirement}/notes`, {}), 400, 'bad-request'],
      [
        await editor.call('POST', `/api/entities/${requirement}/notes`, { text: 'x', kind: 'rant' }),
        400,
        'bad-request',
      ],
    ] as const;
    for (const [reply, status, code] of refusals) {
      expect([reply.status, reply.body.code]).toEqual([status, code]);
      expect(typeof reply.body.message).toBe('string');
    }
  });
});
