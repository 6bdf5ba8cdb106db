import { ruleSetting, type Config } from '../model/config.js';
import { compareDiagnostics, type Diagnostic } from '../model/diagnostic.js';
import type { Model } from '../model/model.js';
import { configurableRule } from '../model/rule-catalog.js';
import { suspectLinkRule } from '../change-control/suspect-rule.js';
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
  return finalizeDiagnostics(modelDiagnostics(model, ctx), model.config);
}

/** The loader's findings and the model rules as the rules raise them: default severities, no hints. */
export function modelDiagnostics(model: Model, ctx: RuleContext): Diagnostic[] {
  return [
    ...model.diagnostics,
    ...coverageRules(ctx),
    ...riskRules(ctx),
    ...hierarchyRules(ctx),
    ...claimRules(ctx),
    ...levelRules(ctx),
    ...sharedCaseRule(ctx),
    ...suspectLinkRule(model),
  ];
}

/**
 * What every message of a configurable rule ends with (docs/diagnostics.md, "Rule severities"): the rule's
 * name and the config.rules line that changes it (an error to a warning, a warning off).
 */
export function severityHint(rule: string, severity: 'error' | 'warning'): string {
  const other = severity === 'error' ? 'warning' : 'off';
  return ` (rule ${rule}; set its severity under config.rules: \`${rule}: ${other}\`)`;
}

/** Applies configured severities (dropping rules that are off), removes repeats and sorts. */
export function finalizeDiagnostics(diagnostics: Diagnostic[], config: Config): Diagnostic[] {
  const seen = new Set<string>();
  const out: Diagnostic[] = [];
  for (const d of diagnostics) {
    let severity = d.severity;
    let message = d.message;
    if (configurableRule(d.rule)) {
      const setting = ruleSetting(config, d.rule);
      if (setting === 'off') continue;
      severity = setting;
      const hint = severityHint(d.rule, setting);
      if (!message.endsWith(hint)) message += hint;
    }
    // The same finding twice (e.g. a file listed through two paths) is printed once.
    const key = `${d.rule}\u0000${d.file ?? ''}\u0000${d.line ?? ''}\u0000${d.column ?? ''}\u0000${d.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(severity === d.severity && message === d.message ? d : { ...d, severity, message });
  }
  return out.sort(compareDiagnostics);
}
