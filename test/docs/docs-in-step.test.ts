import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { rr, repoRoot } from '../cli/run-cli.js';
import { defaultConfig } from '../../tools/model/config.js';
import { CONFIGURABLE_RULES, HARD_RULES, LOAD_RULES } from '../../tools/model/rule-catalog.js';

const doc = (name: string) => readFile(`${repoRoot}docs/${name}`, 'utf8');

describe('docs stay in step with rr', () => {
  it('diagnostics.md shows the real output of the broken example', async () => {
    const text = await doc('diagnostics.md');
    const block = /\$ npx rr validate examples\/broken\n([\s\S]*?)```/.exec(text)?.[1];
    const r = await rr(['validate', 'examples/broken']);
    expect(r.code).toBe(1);
    expect(block).toBe(r.stdout);
  });

  it('config.md documents every config key and every configurable rule with its default', async () => {
    const text = await doc('config.md');
    for (const key of Object.keys(defaultConfig())) expect(text).toContain(`| \`${key}\` |`);
    for (const rule of CONFIGURABLE_RULES)
      expect(text).toContain(`| \`${rule.name}\` | ${rule.defaultSeverity} |`);
    for (const rule of [...HARD_RULES.rules, ...LOAD_RULES.rules]) expect(text).toContain(`\`${rule}\``);
  });

  it('diagnostics.md explains every rule validate can raise', async () => {
    const text = await doc('diagnostics.md');
    for (const rule of [
      ...CONFIGURABLE_RULES.map((r) => r.name),
      ...LOAD_RULES.rules,
      'bad-target',
      'bad-selector',
      'shared-case',
    ]) {
      expect(text).toContain(`\`${rule}\``);
    }
  });
});
