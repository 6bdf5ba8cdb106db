// --pdf without Chromium: the HTML pack is written all the same, and rr says how to get Chromium.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { publishPack } from '../../tools/publish/publish-pack.js';
import { tempDir } from '../temp-dir.js';

const saved = process.env.RR_CHROMIUM;
afterEach(() => {
  if (saved === undefined) delete process.env.RR_CHROMIUM;
  else process.env.RR_CHROMIUM = saved;
});

describe('rr publish --pdf without Chromium', () => {
  it('publishes the HTML and says how to get Chromium', async () => {
    const root = tempDir('rr-publish-nopdf-');
    mkdirSync(join(root, 'm'));
    writeFileSync(
      join(root, 'm', 'requirements.yaml'),
      'schema_version: 1\nrequirements:\n  - id: REQ-001\n    title: One requirement\n',
    );
    process.env.RR_CHROMIUM = join(root, 'no-chromium-here');
    const result = await publishPack({ model: join(root, 'm'), out: join(root, 'pack'), pdf: true });
    expect(result.pdf).toBeNull();
    expect(result.pdfProblem).toContain(`no Chromium at ${join(root, 'no-chromium-here')}`);
    expect(result.pdfProblem).toContain('apt-get install chromium');
    expect(result.pdfProblem).toContain('the HTML pack was written');
    expect(existsSync(join(root, 'pack', 'index.html'))).toBe(true);
    expect(existsSync(join(root, 'pack', 'audit-pack.pdf'))).toBe(false);
  });
});
