import { relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Log, ReportingDescriptor, Result } from 'sarif';
import type { Diagnostic } from '../model/diagnostic.js';
import { configurableRule, EVIDENCE_RULES, HARD_RULES, LOAD_RULES } from '../model/rule-catalog.js';

/**
 * A SARIF 2.1.0 log of diagnostics, with file URIs relative to `baseDir` (%SRCROOT%) so GitHub code
 * scanning can place them on the pull request's lines.
 */
export function diagnosticsToSarif(
  diagnostics: readonly Diagnostic[],
  version: string,
  baseDir: string,
): Log {
  const ruleIds = [...new Set(diagnostics.map((d) => d.rule))].sort();
  const rules: ReportingDescriptor[] = ruleIds.map((id) => ({
    id,
    name: id,
    shortDescription: { text: configurableRule(id)?.summary ?? describeFixedRule(id) },
  }));
  const index = new Map(ruleIds.map((id, i) => [id, i]));
  const base = resolve(baseDir);
  const results: Result[] = diagnostics.map((d) => {
    const result: Result = {
      ruleId: d.rule,
      ruleIndex: index.get(d.rule)!,
      level: d.severity === 'error' ? 'error' : 'warning',
      message: { text: d.message },
    };
    if (d.file !== undefined) {
      result.locations = [
        {
          physicalLocation: {
            artifactLocation: { uri: toUri(base, d.file), uriBaseId: '%SRCROOT%' },
            region: { startLine: d.line ?? 1, startColumn: d.column ?? 1 },
          },
        },
      ];
    }
    if (d.entity !== undefined) result.properties = { entity: d.entity };
    return result;
  });
  return {
    version: '2.1.0',
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    runs: [
      {
        tool: { driver: { name: 'rr', version, rules } },
        originalUriBaseIds: { '%SRCROOT%': { uri: pathToFileURL(base + sep).href } },
        results,
      },
    ],
  };
}

function toUri(base: string, file: string): string {
  const rel = relative(base, resolve(file)).split(sep).join('/');
  return rel.split('/').map(encodeURIComponent).join('/');
}

function describeFixedRule(id: string): string {
  if (HARD_RULES.has(id)) return `${id} (hard error, cannot be configured)`;
  if (LOAD_RULES.has(id)) return `${id} (model cannot be used as written)`;
  if (EVIDENCE_RULES.has(id)) return `${id} (how a test result was read; cannot be configured)`;
  return id;
}
