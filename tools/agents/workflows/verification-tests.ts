// The tests of an entity, as agents see them (docs/agents.md, "What a prompt contains"): the members of
// its verification set that attribution gives it through the model's claims. Tags never make a test:
// a case owned through its tag alone (hybrid attribution) is left out, as is a case owned by another
// entity or quarantined.
import type { AttributedCase } from '../../verify/attribution.js';
import type { Analysis } from '../../verify/analyze.js';
import { caseKey } from '../../verify/case-key.js';
import type { MemberState } from '../../verify/verdicts.js';

/** One test of an entity. */
export interface EntityTest {
  target: string;
  path: string;
  state: MemberState;
  level: string;
  selector: string | null;
  /** the test's source file and line, when the runner reported them */
  file: string | null;
  line: number | null;
  /** the failure or skip message */
  message: string | null;
}

/** An entity's tests and how many members were left out, by why. */
export interface VerificationTests {
  tests: EntityTest[];
  left_out: { owned_by_tag: number; quarantined: number; owned_elsewhere: number };
}

const casesOf = new WeakMap<Analysis, Map<string, AttributedCase>>();

/** The attributed case of a (target, path), from an analysis. */
export function attributedCase(analysis: Analysis, target: string, path: string): AttributedCase | undefined {
  let index = casesOf.get(analysis);
  if (!index) {
    index = new Map(analysis.cases.map((c) => [caseKey(c.case.target, c.case.path), c]));
    casesOf.set(analysis, index);
  }
  return index.get(caseKey(target, path));
}

/** The tests of an entity from its verification set. */
export function verificationTests(entityId: string, analysis: Analysis): VerificationTests {
  const left_out = { owned_by_tag: 0, quarantined: 0, owned_elsewhere: 0 };
  const tests: EntityTest[] = [];
  const members = analysis.entities.find((v) => v.id === entityId)?.members ?? [];
  for (const member of members) {
    const attributed = attributedCase(analysis, member.target, member.path);
    if (member.state === 'quarantined' || member.quarantine || attributed?.quarantine) {
      left_out.quarantined++;
      continue;
    }
    if (member.state === 'moved' || (attributed && attributed.owner !== entityId)) {
      left_out.owned_elsewhere++;
      continue;
    }
    if (member.basis === 'tag' || attributed?.basis === 'tag') {
      left_out.owned_by_tag++;
      continue;
    }
    const c = attributed?.case;
    tests.push({
      target: member.target,
      path: member.path,
      state: member.state,
      level: member.level,
      selector: member.selector ?? null,
      file: c?.file ?? null,
      line: c?.line ?? null,
      message: c?.message ?? null,
    });
  }
  return { tests, left_out };
}
