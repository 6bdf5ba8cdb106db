// The pack over the bundled example, published in-process: every entity on its document's page in the
// model's order, links to entities resolved, the matrix exports (CSV and XLSX) agreeing with the model's
// requirements and cases, the risk table's scores, and text from the model escaped.
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeHtml } from '../../tools/publish/markup.js';
import { publishPack, type PublishResult } from '../../tools/publish/publish-pack.js';
import { repoRoot } from '../cli/run-cli.js';
import { tempDir } from '../temp-dir.js';

let dir: string;
let out: string;
let result: PublishResult;

const read = (name: string) => readFileSync(join(out, name), 'utf8');

describe('the audit pack of the example', () => {
  beforeAll(async () => {
    // tempDir removes folders after a test; the pack is shared by the file's tests, so made once here.
    const root = mkdtempSync(join(tmpdir(), 'rr-pack-site-'));
    cpSync(join(repoRoot, 'examples', 'infusion-pump'), join(root, 'model'), { recursive: true });
    dir = join(root, 'model');
    out = join(root, 'pack');
    result = await publishPack({ model: dir, evidence: join(dir, 'bazel-testlogs'), out });
  }, 120_000);
  afterAll(() => rmSync(dirname(dir), { recursive: true, force: true }));

  it('puts every entity, with an anchor, on the page of its document, in the model order', () => {
    const homes = new Map<string, string>();
    for (const name of result.files.filter((f) => f.startsWith('doc-'))) {
      for (const m of read(name).matchAll(/<article class="entity" id="([^"]+)"/g)) homes.set(m[1]!, name);
    }
    expect([...homes.keys()].sort()).toEqual([...result.data.order].sort());
    const requirements = read('doc-requirements-yaml.html');
    const ids = [...requirements.matchAll(/<article class="entity" id="([^"]+)"/g)].map((m) => m[1]);
    const inFile = result.data.documents.find((d) => d.file.endsWith('requirements.yaml'))!;
    expect(ids).toEqual(inFile.sections.flatMap((s) => s.entities));
  });

  it('links a requirement to the need it satisfies and back, on the pages that hold them', () => {
    const requirements = read('doc-requirements-yaml.html');
    const needs = read('doc-user-needs-yaml.html');
    expect(requirements).toContain('satisfies <a href="doc-user-needs-yaml.html#UN-001">UN-001</a>');
    expect(needs).toContain('satisfied by <a href="doc-requirements-yaml.html#REQ-001">REQ-001</a>');
  });

  it("links each case's owner on the case pages to the owner on its document's page", () => {
    const cases = result.files
      .filter((f) => /^cases(-\d+)?\.html$/.test(f))
      .map(read)
      .join('');
    const owners = [...cases.matchAll(/<td><a href="([^"]*)">([^<]+)<\/a><\/td>/g)];
    expect(owners.length).toBeGreaterThan(0);
    for (const [, href, id] of owners) {
      const [page, anchor] = href!.split('#');
      expect(anchor).toBe(encodeURIComponent(id!));
      expect(read(page!)).toContain(`<article class="entity" id="${id}"`);
    }
  });

  it('shows each case of a set with its result, lock state and evidence file', () => {
    const requirements = read('doc-requirements-yaml.html');
    const article = requirements.slice(requirements.indexOf('id="REQ-003"'));
    const table = article.slice(article.indexOf('<table class="set"'));
    const row = /<tr>(?:(?!<\/tr>)[\s\S])*computes_rate_from_volume_and_time[\s\S]*?<\/tr>/.exec(table)![0];
    expect(row).toMatch(
      /passed[\s\S]*locked[\s\S]*bazel-testlogs\/pump\/dosing\/dose_calculator_test\/shard_\d_of_2\/test\.xml/,
    );
  });

  it('exports the matrix as CSV with a row for each requirement and case', () => {
    const csv = read('matrix.csv').trimEnd().split('\r\n');
    expect(csv[0]).toBe(
      'user_needs,requirement,title,refines,implements,verdict,target,case,result,derived,missing_links',
    );
    const expected = result.data.forward.reduce((n, r) => n + Math.max(1, r.cases.length), 0);
    expect(csv).toHaveLength(1 + expected);
    expect(
      csv.some((line) => line.includes(',REQ-003,') && line.includes('computes_rate_from_volume_and_time')),
    ).toBe(true);
    const cases = read('matrix-cases.csv').trimEnd().split('\r\n');
    expect(cases).toHaveLength(1 + result.analysis.cases.length);
  });

  it('exports the same rows as XLSX that a spreadsheet reads', async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(join(out, 'matrix.xlsx'));
    const forward = book.getWorksheet('Requirements to cases')!;
    const csv = read('matrix.csv').trimEnd().split('\r\n');
    expect(forward.rowCount).toBe(csv.length);
    expect(forward.getRow(1).getCell(2).value).toBe('requirement');
    expect(book.getWorksheet('Cases to owners')!.rowCount).toBe(1 + result.analysis.cases.length);
  });

  it('lists every risk with its initial and residual score and acceptability', () => {
    const risks = read('risks.html');
    for (const risk of result.data.risks) expect(risks).toContain(`data-id="${risk.id}"`);
    // RISK-001: catastrophic × occasional before its control, catastrophic × improbable after (docs).
    const row = risks.slice(risks.indexOf('data-id="RISK-001"'));
    expect(row.slice(0, 3000)).toContain('catastrophic × occasional = 15');
    expect(row.slice(0, 3000)).toContain('catastrophic × improbable = 5');
    expect(row.slice(0, 3000)).toContain('acceptable');
  });

  it('lists every evidence file with its SHA-256 and every diagnostic with file:line', () => {
    const evidence = read('evidence.html');
    expect(result.data.evidenceFiles.length).toBeGreaterThan(10);
    for (const f of result.data.evidenceFiles) expect(evidence).toContain(f.sha256);
    const diagnostics = read('diagnostics.html');
    for (const d of result.analysis.diagnostics) expect(diagnostics).toContain(escapeHtml(d.message));
    expect(diagnostics).toMatch(/bazel-testlogs\/[^<]+\.xml:\d+/);
    for (const g of result.data.gaps) expect(read('gaps.html')).toContain(escapeHtml(g.detail));
  });

  it('writes no file of 2 MB or more', () => {
    for (const name of result.files)
      expect(readFileSync(join(out, name)).length).toBeLessThan(2 * 1024 * 1024);
  });
});

describe('text from the model', () => {
  it('is escaped, never markup', async () => {
    const root = tempDir('rr-publish-escape-');
    const { writeFileSync, mkdirSync } = await import('node:fs');
    mkdirSync(join(root, 'm'));
    writeFileSync(
      join(root, 'm', 'requirements.yaml'),
      'schema_version: 1\nrequirements:\n  - id: REQ-001\n    title: "<script>alert(1)</script> & \\"quotes\\""\n    description: a <b>bold</b> claim\n',
    );
    const result = await publishPack({ model: join(root, 'm'), out: join(root, 'pack') });
    const page = readFileSync(
      join(
        root,
        'pack',
        result.files.find((f) => f.startsWith('doc-'))!,
      ),
      'utf8',
    );
    expect(page).not.toContain('<script>alert(1)');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;');
    expect(page).toContain('a &lt;b&gt;bold&lt;/b&gt; claim');
  });
});
