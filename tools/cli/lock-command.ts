import { writeFileAtomic } from '../files/atomic-write.js';
import { serializeVerificationLock } from '../verify/verification-lock-file.js';
import {
  planChanges,
  planVerificationLockUpdate,
  type VerificationLockPlan,
} from '../verify/verification-lock-update.js';
import {
  verificationLockOutOfDateLine,
  verificationLockPlanLines,
} from '../report/verification-lock-plan-text.js';
import { EXIT, type CliIo } from './cli-io.js';
import { loadInputs } from '../verify/inputs.js';

/** Options of `rr lock update` and `rr lock check`. */
export interface VerificationLockOptions {
  model: string;
  evidence: string;
  lock?: string;
  dryRun?: boolean;
  allowRemovals?: boolean;
}

/** `rr lock update`: records the owner attribution decided for each case; refuses while any case is quarantined. */
export async function runVerificationLockUpdate(
  options: VerificationLockOptions,
  io: CliIo,
): Promise<number> {
  const prepared = await prepare(options, io);
  if (typeof prepared === 'number') return prepared;
  const { plan, lockPath } = prepared;
  printPlan(plan, io, options.allowRemovals ?? false);
  if (plan.refusedBy.length > 0) {
    io.err(
      `rr lock update: refused, ${plan.refusedBy.length} case(s) quarantined (the lock never decides an owner):\n`,
    );
    for (const q of plan.refusedBy) io.err(`  ${q}\n`);
    return EXIT.errors;
  }
  if (options.dryRun) {
    io.out(`dry run: ${lockPath} not written\n`);
    return EXIT.ok;
  }
  // The lock is either the old file or the new one, never half, and a failed write leaves nothing behind.
  await writeFileAtomic(lockPath, serializeVerificationLock(plan.entries));
  io.out(`wrote ${lockPath} (${plan.entries.length} cases)\n`);
  return EXIT.ok;
}

/** `rr lock check`: exit 1 when the lock differs from what `rr lock update` would write. */
export async function runVerificationLockCheck(options: VerificationLockOptions, io: CliIo): Promise<number> {
  const prepared = await prepare(options, io);
  if (typeof prepared === 'number') return prepared;
  const { plan, lockPath } = prepared;
  if (!planChanges(plan)) {
    io.out(`${lockPath} is up to date (${plan.entries.length} cases)\n`);
    return EXIT.ok;
  }
  printPlan(plan, io, true);
  const removals = plan.removed.length ? ' --allow-removals' : '';
  const command = `rr lock update --model ${options.model} --evidence ${options.evidence}${removals}`;
  io.out(`${verificationLockOutOfDateLine(lockPath, command)}\n`);
  return EXIT.errors;
}

async function prepare(
  options: VerificationLockOptions,
  io: CliIo,
): Promise<{ plan: VerificationLockPlan; lockPath: string } | number> {
  const inputs = await loadInputs({ model: options.model, evidence: options.evidence, lock: options.lock });
  if (!inputs.lockPath) {
    io.err('rr lock: no lock file: set config.sets_lock in the model or pass --lock FILE\n');
    return EXIT.usage;
  }
  if (inputs.unreadable) {
    io.err('rr lock: the model or evidence cannot be read; run rr validate first\n');
    return EXIT.usage;
  }
  return {
    plan: planVerificationLockUpdate(inputs, options.allowRemovals ?? false),
    lockPath: inputs.lockPath,
  };
}

function printPlan(plan: VerificationLockPlan, io: CliIo, allowRemovals: boolean): void {
  for (const line of verificationLockPlanLines(plan, allowRemovals)) io.out(`${line}\n`);
}
