// The JSON reader against the yaml package: wherever the JSON reader reads a `.json` file, both give the
// same documents, value for value, the same position for every node and key, and the same composed
// entities (test/model/reader-agreement.ts). Over every JSON file in the repository, generated models
// in both document forms, and corner cases; what it declines, the yaml package still reads or reports.
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { modelFiles, planModel, VALIDATE_CLAIMS } from '../../bench/validate/generate-model.js';
import { readJsonModel } from '../../tools/model/json-model-reader.js';
import { parseModelText, parseWithJsonReader } from '../../tools/model/parse-documents.js';
import { expectReadAlike } from './reader-agreement.js';

const REPO = join(import.meta.dirname, '..', '..');

/** Whether the JSON reader reads `text`; when it does, proves it agrees with the yaml package. */
function readsAlike(file: string, text: string): boolean {
  const fast = parseWithJsonReader(file, text);
  expect(parseModelText(file, text).reader, `${file}: the reader the loader used`).toBe(
    fast ? 'json' : 'yaml',
  );
  if (fast === undefined) return false;
  expectReadAlike(file, text, fast);
  return true;
}

const repoJson = execFileSync('git', ['ls-files', '*.json'], { cwd: REPO, encoding: 'utf8' })
  .split('\n')
  .filter((f) => f !== '' && !f.endsWith('package-lock.json'));

describe('the JSON reader and the yaml package', () => {
  it('agree on every JSON file in the repository, and it reads them all', async () => {
    expect(repoJson.length).toBeGreaterThan(20);
    for (const file of repoJson) {
      const text = await readFile(join(REPO, file), 'utf8');
      // Only files that are not strict JSON (JSONC configurations) go to the yaml package.
      if (!readsAlike(file, text)) expect(() => JSON.parse(text), file).toThrow();
    }
  });

  it('agree on generated models, sections and single-object documents', () => {
    for (const layout of ['one-file', 'per-entity'] as const) {
      const files = modelFiles(planModel(400), VALIDATE_CLAIMS, { layout, format: 'json' });
      for (const [name, text] of files) expect(readsAlike(name, text), name).toBe(true);
    }
  });

  const READ = {
    'numbers JSON and YAML both know':
      '{"a": 12, "b": -3, "c": 1.5, "d": 1e5, "e": -0, "f": 2E-3, "g": 12345678901234567890}',
    'strings with escapes':
      '{"a": "tab\\tquote\\" \\u00e9 \\ud83d\\ude00 \\/ \\\\", "b": "# not a comment", "c": ""}',
    'nested lists and empty collections': '{"a": [], "b": {}, "c": [[1, [2]], {"d": [true, false, null]}]}',
    'CRLF line ends and indentation':
      '{\r\n  "kind": "requirement",\r\n  "id": "REQ-1",\r\n  "title": "t"\r\n}\r\n',
    'one line, no final line break': '{"requirements":[{"id":"REQ-1","title":"t","satisfies":["UN-1"]}]}',
    'a list at the top': '[1, 2]',
    'a scalar at the top': '"just a string"',
  };
  for (const [name, text] of Object.entries(READ)) {
    it(`read alike: ${name}`, () => {
      expect(readsAlike('corner.json', text)).toBe(true);
    });
  }

  const DECLINED = {
    'a duplicate key': '{"a": 1, "a": 2}',
    'a duplicate key in a nested object': '{"a": {"b": 1, "b": 1}}',
    'a __proto__ key': '{"__proto__": {"x": 1}}',
    'a key of over 1,024 characters': `{"${'k'.repeat(1025)}": 1}`,
    'a trailing comma': '{"a": 1,}',
    'a comment': '{"a": 1 // one\n}',
    'an empty file': '',
    'two values': '{} {}',
  };
  for (const [name, text] of Object.entries(DECLINED)) {
    it(`declined: ${name}`, () => {
      expect(readJsonModel(text)).toBeUndefined();
      // The file still loads: the yaml package reads it, or reports its error with a position.
      expect(parseModelText('corner.json', text).reader).toBe('yaml');
    });
  }
});
