// SPDX-License-Identifier: AGPL-3.0-or-later
// One budget ledger per viewer process (docs/viewer-agent.md, "Budgets"): Ask turns and net-label calls
// both draw on `--agent-total-usd`. A call reserves its whole budget before it starts, so calls running
// at once can never together pass the cap; when it ends it is charged the cost the assistant CLI
// reported, or its whole budget when there was no report (timeout, cancel, killed turn). Held in memory:
// a restart starts a new ledger.

/** What a call holds until it ends. */
export interface BudgetReservation {
  readonly kind: BudgetCallKind;
  readonly budgetUsd: number;
  /** Ends the reservation: charges `reportedUsd`, or the whole budget when undefined. Returns the charge. */
  settle(reportedUsd: number | undefined): number;
}

/** The two kinds of calls the ledger covers. */
export type BudgetCallKind = 'ask' | 'net-label';

/** The ledger's figures, as GET /api/agent/status reports them. */
export interface BudgetFigures {
  /** The cap in USD; null when there is none (`--agent-total-usd 0`). */
  capUsd: number | null;
  spentUsd: number;
  /** Held by calls running now. */
  heldUsd: number;
  /** What another call could still reserve; null without a cap. */
  remainingUsd: number | null;
  calls: number;
}

// Amounts are kept in millionths of a dollar so that sums of 0.1 and 0.2 compare exactly with the cap.
const MICRO = 1_000_000;
const micro = (usd: number) => Math.round(usd * MICRO);

/** The per-process ledger. */
export class BudgetLedger {
  private spent = 0;
  private held = 0;
  private calls = 0;
  private readonly cap: number;

  /** `capUsd` 0 turns the cap off. */
  constructor(capUsd: number) {
    this.cap = micro(capUsd);
  }

  /**
   * Reserves a call's whole budget; undefined when the cap cannot cover it on top of what was spent and
   * what running calls hold. Synchronous, so two requests can never both take the last share.
   */
  reserve(kind: BudgetCallKind, budgetUsd: number): BudgetReservation | undefined {
    const amount = micro(budgetUsd);
    if (this.cap > 0 && this.spent + this.held + amount > this.cap) return undefined;
    this.held += amount;
    this.calls++;
    let settled = false;
    return {
      kind,
      budgetUsd,
      settle: (reportedUsd) => {
        if (settled) throw new Error('a budget reservation is settled once');
        settled = true;
        this.held -= amount;
        const charge =
          reportedUsd !== undefined && Number.isFinite(reportedUsd) && reportedUsd >= 0
            ? micro(reportedUsd)
            : amount;
        this.spent += charge;
        return charge / MICRO;
      },
    };
  }

  /** Whether a call of this budget could start now. */
  covers(budgetUsd: number): boolean {
    return this.cap === 0 || this.spent + this.held + micro(budgetUsd) <= this.cap;
  }

  /** The figures now. */
  figures(): BudgetFigures {
    return {
      capUsd: this.cap === 0 ? null : this.cap / MICRO,
      spentUsd: this.spent / MICRO,
      heldUsd: this.held / MICRO,
      remainingUsd: this.cap === 0 ? null : Math.max(0, this.cap - this.spent - this.held) / MICRO,
      calls: this.calls,
    };
  }
}
