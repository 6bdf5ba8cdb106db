// SPDX-License-Identifier: AGPL-3.0-or-later
// <rr-ask-panel>: the Ask tab when the viewer's Ask agent is on. It shows what a turn may spend and what
// is left of the process's cap, the stored conversations of the experiment, and the open conversation:
// each question with its answer as it streams in, the tool calls and notes the assistant made, and how
// the turn ended (its cost, or why it was stopped). A running turn can be cancelled.
import { LitElement, css, html, nothing } from 'lit';
import type { AgentStatus, AskConversationSummary, AskEvent, AskTurn } from './api-types.js';
import { sharedStyles } from './shared-styles.js';
import type { ViewerApi } from './viewer-api.js';

/** A turn on the page: stored, or streaming now. */
interface ShownTurn extends Partial<AskTurn> {
  question: string;
  answer: string;
  tools: NonNullable<AskTurn['tools']>;
  notes: NonNullable<AskTurn['notes']>;
  web: { url: string; refused?: string }[];
  running?: boolean;
  /** The CLI's latest retry of a failed API request, while the turn runs ("retrying 3/10 in 8 s: …"). */
  retry?: string;
}

const usd = (v: number | null | undefined) => (v === null || v === undefined ? '–' : `$${v.toFixed(2)}`);

export class AskPanel extends LitElement {
  static override properties = {
    api: { attribute: false },
    status: { state: true },
    conversations: { state: true },
    conversation: { state: true },
    turns: { state: true },
    question: { state: true },
    turn: { state: true },
    problem: { state: true },
  };

  api: ViewerApi | null = null;
  status: AgentStatus | null = null;
  conversations: AskConversationSummary[] = [];
  /** The open conversation's id; null for a new one. */
  conversation: string | null = null;
  turns: ShownTurn[] = [];
  question = '';
  /** The running turn's id. */
  turn: string | null = null;
  problem = '';
  private loaded = false;

  static override styles = [
    sharedStyles,
    css`
      :host {
        display: block;
      }
      .budget {
        font-size: 12px;
      }
      .conversations {
        display: flex;
        flex-wrap: wrap;
        gap: 4px;
        margin: 4px 0;
      }
      .turn {
        border-top: 1px solid #dde3ea;
        padding: 6px 0;
      }
      .question {
        font-weight: 600;
      }
      .answer {
        white-space: pre-wrap;
        margin: 4px 0;
      }
      .tools,
      .notes {
        font-size: 12px;
        margin: 2px 0;
        padding-left: 18px;
      }
      .ended {
        font-size: 12px;
        color: #5d6673;
      }
      .stopped {
        color: #a1261b;
      }
      textarea {
        width: 100%;
        min-height: 4em;
      }
    `,
  ];

  protected override willUpdate(): void {
    if (this.api && !this.loaded) {
      this.loaded = true;
      void this.refresh();
    }
  }

  private async refresh(): Promise<void> {
    if (!this.api) return;
    try {
      [this.status, this.conversations] = await Promise.all([
        this.api.agentStatus(),
        this.api.conversations(),
      ]);
    } catch (error) {
      this.problem = (error as Error).message;
    }
  }

  private async open(id: string | null): Promise<void> {
    this.conversation = id;
    this.turns = [];
    if (!id || !this.api) return;
    const conversation = await this.api.conversation(id);
    this.turns = conversation.turns.map((t) => ({ ...t, web: [] }));
  }

  private async ask(event: Event): Promise<void> {
    event.preventDefault();
    const question = this.question.trim();
    if (!question || !this.api || this.turn) return;
    this.problem = '';
    const shown: ShownTurn = { question, answer: '', tools: [], notes: [], web: [], running: true };
    this.turns = [...this.turns, shown];
    this.question = '';
    const update = (change: (t: ShownTurn) => void) => {
      change(shown);
      this.turns = [...this.turns];
    };
    try {
      await this.api.ask(
        { question, ...(this.conversation ? { conversation: this.conversation } : {}) },
        (e: AskEvent) => {
          switch (e.type) {
            case 'turn':
              this.turn = e.turn;
              this.conversation = e.conversation;
              break;
            case 'text':
              update((t) => {
                t.answer += e.text;
                delete t.retry;
              });
              break;
            case 'retry':
              update((t) => (t.retry = e.progress));
              break;
            case 'tool':
              update((t) => t.tools.push({ name: e.name, input: e.input }));
              break;
            case 'note':
              update((t) => t.notes.push({ action: e.action, note: e.note }));
              this.dispatchEvent(new CustomEvent('design-notes-changed', { bubbles: true, composed: true }));
              break;
            case 'web':
              update((t) => t.web.push({ url: e.url, ...(e.refused ? { refused: e.refused } : {}) }));
              break;
            case 'end':
              update((t) => {
                t.running = false;
                t.status = e.status;
                t.costUsd = e.costUsd;
                t.chargedUsd = e.chargedUsd;
                delete t.retry;
                if (e.reason) t.reason = e.reason;
                if (e.fix) t.fix = e.fix;
              });
              break;
            default:
              break;
          }
        },
      );
    } catch (error) {
      update((t) => {
        t.running = false;
        t.status = 'refused';
        t.reason = (error as Error).message;
      });
    } finally {
      this.turn = null;
      void this.refresh();
    }
  }

  private async cancel(): Promise<void> {
    if (this.turn && this.api) await this.api.cancelTurn(this.turn).catch(() => undefined);
  }

  override render() {
    const s = this.status;
    return html`<h2>Ask</h2>
      ${
        s
          ? html`<p class="budget" data-agent-budget>
              Model <strong>${s.model}</strong>; up to ${usd(s.turnBudgetUsd)} a question. Spent
              ${usd(s.budget.spentUsd)}${s.budget.capUsd !== null ? html` of ${usd(s.budget.capUsd)}, ${usd(s.budget.remainingUsd)} left` : ' (no cap)'}.
              ${s.web ? 'The assistant may fetch public web pages.' : nothing}
            </p>`
          : nothing
      }
      ${s && !s.canAsk ? html`<p class="error" role="alert">${s.capMessage}</p>` : nothing}
      ${this.problem ? html`<p class="error" role="alert">${this.problem}</p>` : nothing}
      <div class="conversations" role="group" aria-label="Conversations">
        <button
          type="button"
          aria-pressed=${this.conversation === null ? 'true' : 'false'}
          @click=${() => this.open(null)}
        >
          New conversation
        </button>
        ${this.conversations.map(
          (c) =>
            html`<button
              type="button"
              data-conversation=${c.id}
              aria-pressed=${this.conversation === c.id ? 'true' : 'false'}
              title=${`${c.turns} question${c.turns === 1 ? '' : 's'}, ${c.updated}`}
              @click=${() => this.open(c.id)}
            >
              ${c.title}
            </button>`,
        )}
      </div>
      ${this.turns.map((t) => this.renderTurn(t))}
      <form @submit=${this.ask}>
        <label for="question">Your question</label>
        <textarea
          id="question"
          .value=${this.question}
          @input=${(e: Event) => (this.question = (e.target as HTMLTextAreaElement).value)}
          placeholder="Ask about the design, the experiment or the notes"
        ></textarea>
        <button type="submit" ?disabled=${!!this.turn || !this.question.trim() || (s !== null && !s.canAsk)}>
          Ask
        </button>
        ${this.turn ? html`<button type="button" @click=${this.cancel}>Cancel</button>` : nothing}
      </form>`;
  }

  private renderTurn(t: ShownTurn) {
    const stopped = t.status && t.status !== 'answered';
    return html`<div class="turn" data-turn-status=${t.running ? 'running' : (t.status ?? '')}>
      <div class="question">${t.question}</div>
      <div class="answer" data-answer>${t.answer}${t.running ? '…' : nothing}</div>
      ${t.running && t.retry ? html`<p class="retry" role="status" data-turn-retry>The API did not answer: ${t.retry}.</p>` : nothing}
      ${
        t.tools.length > 0
          ? html`<ul class="tools" aria-label="Tool calls">
              ${t.tools.map((tool) => html`<li><code>${tool.name}</code></li>`)}
            </ul>`
          : nothing
      }
      ${
        t.web.length > 0
          ? html`<ul class="tools" aria-label="Web requests">
              ${t.web.map((w) => html`<li>${w.url}${w.refused ? html` — <span class="stopped">refused: ${w.refused}</span>` : nothing}</li>`)}
            </ul>`
          : nothing
      }
      ${
        t.notes.length > 0
          ? html`<ul class="notes" aria-label="Notes the assistant made">
              ${t.notes.map((n) => html`<li data-agent-note=${n.note.id}>${n.action === 'add' ? 'Added' : n.action === 'edit' ? 'Edited' : 'Commented on'} note “${n.note.title}” <span class="ai">AI</span></li>`)}
            </ul>`
          : nothing
      }
      ${
        t.running
          ? nothing
          : html`<div
              class="ended ${stopped ? 'stopped' : ''}"
              data-turn-end
              role=${t.status === 'failed' ? 'alert' : nothing}
            >
              ${t.status === 'answered' ? 'Answered' : t.status === 'killed' ? 'Stopped' : t.status === 'cancelled' ? 'Cancelled' : t.status === 'refused' ? 'Not asked' : t.status === 'failed' ? 'Failed' : 'Ended'}${t.reason ? html`: ${t.reason}` : nothing}.
              ${t.fix ? html`<span data-turn-fix>What to do: ${t.fix}</span>` : nothing}
              ${
                t.status === 'refused'
                  ? nothing
                  : t.costUsd === null || t.costUsd === undefined
                    ? t.chargedUsd
                      ? `No cost was reported: charged ${usd(t.chargedUsd)}, its whole budget.`
                      : 'Nothing was spent.'
                    : `Cost ${usd(t.costUsd)}.`
              }
            </div>`
      }
    </div>`;
  }
}

customElements.define('rr-ask-panel', AskPanel);
