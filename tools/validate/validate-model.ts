import { ruleSetting, type Config } from '../model/config.js';
import { compareDiagnostics, type Diagnostic } from '../model/diagnostic.js';
import type { Model } from '../model/model.js';
import { configurableRule } from '../model/rule-catalog.js';
import { claimRules } from './claim-rules.js';
import { coverageRules } from './coverage-rules.js';
import { hierarchyRules } from './hierarchy-rules.js';
import { levelRules } from './level-rules.js';
import { riskRules } from './risk-rules.js';
import { ruleContext, type RuleContext } from './rule-context.js';
import { sharedCaseRule } from './shared-case-rule.js';

/**
 * Every diagnostic that needs no test evidence: the loader's findings plus the model rules, with
 * config.rules severities applied, duplicates dropped, sorted by place. Pure: no I/O.
 */
export function validateModel(model: Model, ctx: RuleContext = ruleContext(model)): Diagnostic[] {
  const raw = [
    ...model.diagnostics,
    ...coverageRules(ctx),
    ...riskRules(ctx),
    ...hierarchyRules(ctx),
    ...claimRules(ctx),
    ...levelRules(ctx),
    ...sharedCaseRule(ctx),
  ];
  return finalizeDiagnostics(raw, model.config);
}

/** Applies configured severities (dropping rules that are off), removes repeats and sorts. */
export function finalizeDiagnostics(diagnostics: Diagnostic[], config: Config): Diagnostic[] {
  const seen = new Set<string>();
  const out: Diagnostic[] = [];
  for (const d of diagnostics) {
    let severity = d.severity;
    if (configurableRule(d.rule)) {
      const setting = ruleSetting(config, d.rule);
      if (setting === 'off') continue;
      severity = setting;
    }
    // The same finding twice (e.g. a file listed through two paths) is printed once.
    const key = `${d.rule}\u0000${d.file ?? ''}\u0000${d.line ?? ''}\u0000${d.column ?? ''}\u0000${d.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(severity === d.severity ? d : { ...d, severity });
  }
  return out.sort(compareDiagnostics);
}
