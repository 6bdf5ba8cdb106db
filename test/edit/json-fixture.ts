// JSON edit fixtures: a small model whose JSON files are written in one of several layouts (indent,
// line endings, final newline, BOM); a test states the LF, two-space text it expects and checks the
// bytes on disk against the same layout of it.
import { readFile, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { expect } from 'vitest';
import { readSnapshot } from '../../tools/edit/model-snapshot.js';
import { tempDir } from './edit-fixture.js';

/** One way of writing the same JSON text. */
export interface JsonLayout {
  name: string;
  apply: (text: string) => string;
}

/** Two-space JSON text re-indented with another step per level. */
function reindent(text: string, unit: string): string {
  return text.replace(/^( +)/gm, (spaces) => unit.repeat(spaces.length / 2));
}

/** The layouts every JSON edit is checked in. */
export const JSON_LAYOUTS: JsonLayout[] = [
  { name: 'two spaces, LF', apply: (t) => t },
  { name: 'four spaces', apply: (t) => reindent(t, '    ') },
  { name: 'tabs', apply: (t) => reindent(t, '\t') },
  { name: 'CRLF', apply: (t) => t.replace(/\n/g, '\r\n') },
  { name: 'no final newline', apply: (t) => t.replace(/\n$/, '') },
  { name: 'a byte order mark', apply: (t) => `\uFEFF${t}` },
];

/** The model every JSON test starts from: JSON sections and one-object files, and YAML that refers to them. */
export const JSON_MODEL: Record<string, string> = {
  'needs.yaml': `user_needs:
  - id: UN-001
    title: Stop the pump
  - id: UN-002
    title: Set a rate
`,
  'model.json': `{
  "schema_version": 1,
  "requirements": [
    {
      "id": "REQ-001",
      "title": "Rate entry",
      "satisfies": ["UN-001", "UN-002"],
      "status": "draft",
      "tags": ["dosing", "ui"],
      "verified_by": [
        {
          "target": "//pump/dosing:rate_test",
          "cases": ["RateTest/accepts", "RateTest/rejects"]
        }
      ]
    },
    {
      "id": "REQ-002",
      "title": "Stop key",
      "satisfies": "UN-001",
      "refines": "REQ-001"
    }
  ]
}
`,
  'single/REQ-003.json': `{
  "kind": "requirement",
  "id": "REQ-003",
  "title": "Débit affiché — \\"live\\"",
  "satisfies": ["UN-002"],
  "refines": "REQ-001"
}
`,
  'reqs.yaml': `requirements:
  - id: REQ-004
    title: Rate limits
    refines: REQ-001
    satisfies: UN-002
`,
};

/** Writes the JSON model (JSON files in a layout, other files as they are) into a new temp directory. */
export async function jsonModel(layout: JsonLayout, files = JSON_MODEL): Promise<string> {
  const dir = await tempDir();
  for (const [name, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, name)), { recursive: true });
    await writeFile(join(dir, name), name.endsWith('.json') ? layout.apply(text) : text);
  }
  const errors = (await readSnapshot(dir)).model.diagnostics.filter((d) => d.severity === 'error');
  expect(errors).toEqual([]);
  return dir;
}

/** Asserts a file's bytes: a JSON file in the layout of the expected LF, two-space text, others as given. */
export async function expectFile(dir: string, layout: JsonLayout, name: string, text: string): Promise<void> {
  const want = name.endsWith('.json') ? layout.apply(text) : text;
  expect(await readFile(join(dir, name), 'utf8')).toBe(want);
}

/** Asserts a file of the JSON model is as it was but for some replacements (from, to), in the layout. */
export async function expectChanged(
  dir: string,
  layout: JsonLayout,
  name: string,
  ...changes: [string | RegExp, string][]
): Promise<void> {
  const text = changes.reduce((t, [from, to]) => t.replace(from, to), JSON_MODEL[name]!);
  await expectFile(dir, layout, name, text);
}
