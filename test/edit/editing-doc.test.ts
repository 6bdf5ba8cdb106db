// docs/editing.md stays in step with the library: every error code the editor can answer is explained.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { EDIT_ERROR_CODES } from '../../tools/edit/edit-error.js';

test('editing.md explains every edit error code', async () => {
  const text = await readFile(fileURLToPath(new URL('../../docs/editing.md', import.meta.url)), 'utf8');
  for (const code of EDIT_ERROR_CODES) expect(text).toContain(`| \`${code}\` |`);
});
