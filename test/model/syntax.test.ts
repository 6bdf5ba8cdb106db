// YAML and strict-JSON syntax errors, aliases and merge keys.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ids, lines, load, onlyDiagnostic } from './temp-model.js';

describe('YAML syntax errors', () => {
  it('an unclosed flow sequence: syntax-error with line and column, file unreadable', async () => {
    const { dir, model } = await load({
      'bad.yaml': lines('requirements:', '  - id: REQ-1', '    satisfies: [UN-1, UN-2', '    title: t'),
      'good.yaml': lines('kind: user_need', 'id: UN-1', 'title: t'),
    });
    const d = onlyDiagnostic(model);
    expect(d).toMatchObject({
      rule: 'syntax-error',
      severity: 'error',
      file: join(dir, 'bad.yaml'),
      line: 4,
      column: 5,
    });
    expect(d.message).toMatch(/^YAML syntax error: .*end with a \]/);
    expect(model.unreadable).toBe(true);
    // the other file still loads
    expect(ids(model)).toEqual(['UN-1']);
  });

  it('a bad indentation', async () => {
    const { dir, model } = await load({
      'bad.yaml': lines('requirements:', '  - id: REQ-1', '   title: t'),
    });
    const d = onlyDiagnostic(model);
    expect(d).toMatchObject({ rule: 'syntax-error', file: join(dir, 'bad.yaml'), line: 3, column: 1 });
    expect(d.message).toMatch(/^YAML syntax error: /);
    expect(d.message).not.toMatch(/\n/);
  });

  it('a tab used for indentation', async () => {
    const { dir, model } = await load({ 'bad.yaml': 'requirements:\n\t- id: REQ-1\n' });
    expect(model.diagnostics[0]).toMatchObject({
      rule: 'syntax-error',
      file: join(dir, 'bad.yaml'),
      line: 2,
      column: 1,
    });
    expect(model.diagnostics[0]!.message).toMatch(/tab/i);
    expect(model.unreadable).toBe(true);
  });
});

describe('strict JSON in .json files', () => {
  /** The JSON file used by the tests below, with one line replaced. */
  function requirementJson(line4: string): string {
    return ['{', '  "kind": "requirement",', '  "id": "REQ-1",', line4, '}', ''].join('\n');
  }

  it.each([
    ['a trailing comma in an object', '  "title": "t",', 5, 1, /Expected double-quoted property name/],
    ['a trailing comma in a list', '  "title": "t", "satisfies": ["UN-1",]', 4, 38, /Unexpected token '\]'/],
    ['a // comment', '  "title": "t" // the title', 4, 16, /Expected ',' or '}'/],
    ['a # comment', '  "title": "t", # the title', 4, 17, /Expected double-quoted property name/],
    ['a single-quoted string', '  "title": \'t\'', 4, 12, /Unexpected token/],
    ['an unquoted value', '  "title": undefined', 4, 12, /Unexpected token 'u'/],
    ['an unquoted key', '  title: "t"', 4, 3, /Expected double-quoted property name/],
  ])('%s is a syntax-error at its line and column', async (_what, line4, line, column, message) => {
    const { dir, model } = await load({ 'req.json': requirementJson(line4) });
    const d = onlyDiagnostic(model);
    expect(d).toMatchObject({
      rule: 'syntax-error',
      severity: 'error',
      file: join(dir, 'req.json'),
      line,
      column,
    });
    expect(d.message).toMatch(/^JSON syntax error: /);
    expect(d.message).toMatch(message);
    // V8's excerpt of the source is dropped from the message
    expect(d.message).not.toMatch(/is not valid JSON|position/);
    expect(model.unreadable).toBe(true);
    expect(model.entities).toEqual([]);
  });

  it('a truncated file is a syntax-error at the end of the text', async () => {
    const { dir, model } = await load({ 'req.json': '{\n  "kind": "requirement",\n  "id": "REQ-1"\n' });
    const d = onlyDiagnostic(model);
    expect(d).toMatchObject({ rule: 'syntax-error', file: join(dir, 'req.json'), line: 4, column: 1 });
    expect(d.message).toBe("JSON syntax error: Expected ',' or '}' after property value");
  });

  it('duplicate keys, which JSON.parse accepts, are still duplicate-key', async () => {
    const { dir, model } = await load({ 'req.json': requirementJson('  "title": "t", "id": "REQ-2"') });
    const d = onlyDiagnostic(model);
    expect(d).toMatchObject({ rule: 'duplicate-key', file: join(dir, 'req.json'), line: 4, column: 17 });
    expect(d.message).toMatch(/duplicate key "id" \(first defined at line 3\)/);
  });

  it('the same text is fine in a .yaml file', async () => {
    const { model } = await load({
      'req.yaml': requirementJson('  "title": "t", "satisfies": ["UN-1",] # comment'),
      'need.yaml': lines('kind: user_need', 'id: UN-1', 'title: t'),
    });
    expect(model.diagnostics).toEqual([]);
    expect(ids(model)).toEqual(['UN-1', 'REQ-1']);
  });
});

describe('aliases and anchors', () => {
  it('an alias bomb (nested anchors 9 deep) is a syntax-error, quickly and without a crash', async () => {
    const bomb = ['project:', '  a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]'];
    for (let level = 1; level < 9; level++) {
      const prev = String.fromCharCode(96 + level);
      const name = String.fromCharCode(97 + level);
      bomb.push(`  ${name}: &${name} [${Array(9).fill(`*${prev}`).join(', ')}]`);
    }
    const started = Date.now();
    const { dir, model } = await load({
      'bomb.yaml': lines(...bomb),
      'good.yaml': lines('kind: user_need', 'id: UN-1', 'title: t'),
    });
    expect(Date.now() - started).toBeLessThan(5000);
    const d = onlyDiagnostic(model);
    expect(d).toMatchObject({
      rule: 'syntax-error',
      severity: 'error',
      file: join(dir, 'bomb.yaml'),
      line: 1,
      column: 1,
    });
    expect(d.message).toMatch(/aliases expand to too many nodes \(limit 1000\)/);
    expect(model.unreadable).toBe(true);
    expect(ids(model)).toEqual(['UN-1']);
  });

  it('a few anchors, aliases and merge keys load, later keys overriding merged ones', async () => {
    const { model } = await load({
      'model.yaml': lines(
        'project:',
        '  defaults: &defaults',
        '    status: draft',
        '    owner: safety-team',
        '  tags: &tags [dosing, alarms]',
        'user_needs:',
        '  - id: UN-1',
        '    title: &title Deliver the prescribed dose',
        'requirements:',
        '  - <<: *defaults',
        '    id: REQ-1',
        '    title: *title',
        '    owner: pump-team',
        '    tags: *tags',
        '    satisfies: UN-1',
        '  - <<: *defaults',
        '    id: REQ-2',
        '    title: second',
        '    refines: REQ-1',
      ),
    });
    expect(model.diagnostics).toEqual([]);
    expect(model.byId.get('REQ-1')?.data).toEqual({
      status: 'draft',
      owner: 'pump-team',
      id: 'REQ-1',
      title: 'Deliver the prescribed dose',
      tags: ['dosing', 'alarms'],
      satisfies: 'UN-1',
    });
    expect(model.byId.get('REQ-2')?.data).toMatchObject({ status: 'draft', owner: 'safety-team' });
    expect(model.byId.get('REQ-1')?.positions).toMatchObject({ owner: [13, 5], tags: [14, 5] });
  });

  it('an alias with no anchor is a syntax-error at the alias', async () => {
    const { dir, model } = await load({
      'model.yaml': lines('requirements:', '  - id: REQ-1', '    title: *missing'),
    });
    const d = onlyDiagnostic(model);
    expect(d).toMatchObject({ rule: 'syntax-error', file: join(dir, 'model.yaml'), line: 3, column: 12 });
    expect(d.message).toBe(
      'alias "*missing" names no anchor; define "&missing" before it in the same document',
    );
    expect(d.message).not.toMatch(/bomb/);
  });

  it('an alias used before its anchor is a syntax-error at the alias', async () => {
    const { dir, model } = await load({
      'model.yaml': lines(
        'user_needs:',
        '  - {id: UN-1, title: t, owner: *owner}',
        '  - {id: UN-2, title: t, owner: &owner safety-team}',
      ),
    });
    const d = onlyDiagnostic(model);
    expect(d).toMatchObject({ rule: 'syntax-error', file: join(dir, 'model.yaml'), line: 2, column: 33 });
    expect(d.message).toMatch(/^alias "\*owner" names no anchor/);
  });
});
