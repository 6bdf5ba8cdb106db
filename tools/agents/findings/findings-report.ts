// A job's findings for pipelines (`rr review`, docs/agents.md "In pipelines"): text lines, a SARIF 2.1.0
// log, and whether any finding is at or above a severity.
import { pathToFileURL } from 'node:url';
import { resolve, sep } from 'node:path';
import type { Log, Result } from 'sarif';
import { positionOf } from '../../model/entity.js';
import type { Model } from '../../model/model.js';
import type { AgentJob } from '../jobs/job.js';
import { FINDING_SEVERITIES, type Finding, type FindingSeverity } from './finding.js';

/** Whether any finding is at or above a severity (`--fail-on`). */
export function findingsAtOrAbove(findings: readonly Finding[], severity: FindingSeverity): boolean {
  const rank = FINDING_SEVERITIES.indexOf(severity);
  return findings.some((f) => FINDING_SEVERITIES.indexOf(f.severity) <= rank);
}

/** Where a finding is: its first location, else its entity's place in the model (relative paths). */
export function findingPlace(
  finding: Finding,
  model: Model,
  repoPath: (path: string) => string,
): { file: string; line: number; column: number } | undefined {
  const at = finding.locations?.[0];
  if (at) return { file: at.file, line: at.line ?? 1, column: 1 };
  const entity = finding.entity ? model.byId.get(finding.entity) : undefined;
  if (!entity) return undefined;
  const p = positionOf(entity);
  return { file: repoPath(p.file), line: p.line, column: p.column };
}

/** `file:line:col: severity category: detail` lines, then a summary of the job. */
export function findingsText(job: AgentJob, model: Model, repoPath: (path: string) => string): string {
  const lines = job.findings.map((f) => {
    const place = findingPlace(f, model, repoPath);
    const where = place ? `${place.file}:${place.line}:${place.column}: ` : '';
    const about = f.entity && !f.detail.includes(f.entity) ? ` (${f.entity})` : '';
    const proposal = f.proposal ? ` [proposes ${f.proposal.type}]` : '';
    return `${where}${f.severity} ${f.category}: ${f.detail}${about}${proposal}`;
  });
  const count = (s: FindingSeverity) => job.findings.filter((f) => f.severity === s).length;
  const usage = job.model
    ? `; ${job.model}, ${job.usage.calls} call(s), ${job.usage.input_tokens} input and ${job.usage.output_tokens} output tokens, ` +
      (job.cost_usd === null ? 'cost unknown' : `$${job.cost_usd.toFixed(4)}`) +
      refusalsText(job)
    : '';
  lines.push(
    `${job.workflow}: ${job.findings.length} finding(s): ${count('error')} error(s), ${count('warning')} warning(s), ${count('info')} info${usage}`,
  );
  return lines.join('\n') + '\n';
}

/** The summary's words on refusals: which were answered by a fallback model, which stood. */
function refusalsText(job: AgentJob): string {
  const answered = job.refusals.filter((r) => r.answered_by);
  const stood = job.refusals.length - answered.length;
  const by = [...new Set(answered.map((r) => r.answered_by))].join(', ');
  return (
    (answered.length > 0 ? `, ${answered.length} refusal(s) answered by ${by}` : '') +
    (stood > 0 ? `, ${stood} refusal(s) stood` : '')
  );
}

/** The findings as a SARIF 2.1.0 log, file URIs relative to `baseDir` (%SRCROOT%). */
export function findingsSarif(
  job: AgentJob,
  model: Model,
  repoPath: (path: string) => string,
  version: string,
  baseDir: string,
): Log {
  const ruleIds = [...new Set(job.findings.map((f) => f.category))].sort();
  const index = new Map(ruleIds.map((id, i) => [id, i]));
  const results: Result[] = job.findings.map((f) => {
    const result: Result = {
      ruleId: f.category,
      ruleIndex: index.get(f.category)!,
      level: f.severity === 'info' ? 'note' : f.severity,
      message: { text: f.detail },
      properties: {
        workflow: f.workflow,
        finding: f.id,
        ...(f.entity ? { entity: f.entity } : {}),
        ...(f.judgement ? { judgement: f.judgement, case: f.case } : {}),
        ...(f.missing_checks ? { missing_checks: f.missing_checks } : {}),
        ...(f.proposal ? { proposal: f.proposal } : {}),
      },
    };
    const place = findingPlace(f, model, repoPath);
    if (place)
      result.locations = [
        {
          physicalLocation: {
            artifactLocation: {
              uri: place.file.split('/').map(encodeURIComponent).join('/'),
              uriBaseId: '%SRCROOT%',
            },
            region: { startLine: place.line, startColumn: place.column },
          },
        },
      ];
    return result;
  });
  return {
    version: '2.1.0',
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    runs: [
      {
        tool: {
          driver: {
            name: 'rr review',
            version,
            rules: ruleIds.map((id) => ({
              id,
              name: id,
              shortDescription: { text: `${job.workflow}: ${id}` },
            })),
          },
        },
        originalUriBaseIds: { '%SRCROOT%': { uri: pathToFileURL(resolve(baseDir) + sep).href } },
        results,
        properties: {
          job: job.id,
          state: job.state,
          model: job.model,
          usage: job.usage,
          cost_usd: job.cost_usd,
          refusals: job.refusals,
        },
      },
    ],
  };
}
