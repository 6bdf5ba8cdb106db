// docs/api.md stays in step with the server: every route the server registers is documented under a
// heading `METHOD /api/path`, and every documented route exists.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { buildEditorServer } from '../../tools/editor/editor-server.js';
import type { ModelSession } from '../../tools/app/model-session.js';

/** Routes from fastify's route tree ("├── /api/entities (GET, HEAD, POST)", nested by indentation). */
function routesOf(tree: string): string[] {
  const out: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^((?:│ {3}| {4})*)(?:├── |└── )(\S+) \(([^)]*)\)/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    stack.push(m[2]!);
    const path = stack.join('');
    for (const method of m[3]!.split(', '))
      if (path.startsWith('/api/') && method !== 'HEAD')
        out.push(`${method} ${path.replace(/:(\w+)/g, '{$1}')}`);
  }
  return out.sort();
}

test('api.md documents every route, and every documented route exists', async () => {
  const app = buildEditorServer({ session: {} as ModelSession });
  await app.ready();
  const served = routesOf(app.printRoutes({ commonPrefix: false }));
  await app.close();
  const text = await readFile(fileURLToPath(new URL('../../docs/api.md', import.meta.url)), 'utf8');
  const documented = [...text.matchAll(/^### `(.+)`$/gm)]
    .flatMap((m) => m[1]!.split('`, `'))
    .map((h) => h.replace(/\?.*$/, ''))
    .sort();
  expect(served.length).toBeGreaterThan(25);
  expect(documented).toEqual(served);
});
