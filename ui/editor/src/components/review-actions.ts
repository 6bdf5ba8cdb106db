import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { errorText } from '../api/api-error.js';
import type { AgentsAnswer, EntityKind, WorkflowInfo } from '../api/api-types.js';
import { href } from '../routing/hash-route.js';
import { store } from '../session/editor-store.js';
import { startWorkflow } from '../session/workflow-run.js';
import { LightElement } from './light-element.js';

/** The workflows that review one entity of a kind: those taking an entity of it, without a description. */
export function reviewsOf(agents: AgentsAnswer, kind: EntityKind): WorkflowInfo[] {
  return agents.workflows.filter(
    (w) =>
      w.scope !== 'model' &&
      w.options.description === 'none' &&
      (w.entity_kinds.length === 0 || w.entity_kinds.includes(kind)),
  );
}

/**
 * "Review" on an entity page: starts a workflow on the entity and opens its job on the Agents page.
 * Workflows that cannot run now (no LLM) are shown disabled with the reason.
 */
export class ReviewActions extends LightElement {
  static override properties = {
    entityId: { attribute: false },
    kind: { attribute: false },
    agents: { state: true },
    error: { state: true },
    busy: { state: true },
  };
  declare entityId: string;
  declare kind: EntityKind;
  declare agents: AgentsAnswer | null;
  declare error: string;
  declare busy: boolean;

  constructor() {
    super();
    this.entityId = '';
    this.agents = null;
    this.error = '';
    this.busy = false;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('entityId') && !this.agents) void this.load();
  }

  private async load(): Promise<void> {
    try {
      this.agents = await store().api.get<AgentsAnswer>('agents');
    } catch (error) {
      this.error = errorText(error);
    }
  }

  private async run(workflow: string): Promise<void> {
    this.busy = true;
    this.error = '';
    try {
      await startWorkflow({ workflow, entity: this.entityId });
    } catch (error) {
      this.error = errorText(error);
    } finally {
      this.busy = false;
    }
  }

  protected override render(): TemplateResult | typeof nothing {
    if (!this.agents) return this.error ? html`<p class="field-error">${this.error}</p>` : nothing;
    const reviews = reviewsOf(this.agents, this.kind);
    if (reviews.length === 0) return nothing;
    return html`<div class="actions review-actions" role="group" aria-labelledby="review-label">
        <span id="review-label">Review:</span>
        ${reviews.map(
          (w) =>
            html`<button
              type="button"
              class="secondary"
              ?disabled=${this.busy || !w.available}
              title=${w.available ? w.question : (w.reason ?? 'unavailable')}
              @click=${() => void this.run(w.id)}
            >
              ${w.title}
            </button>`,
        )}
        <a href=${href('agents', { entity: this.entityId })}>Other workflows…</a>
      </div>
      ${this.error ? html`<p class="field-error" role="alert">${this.error}</p>` : nothing}`;
  }
}
customElements.define('rr-review-actions', ReviewActions);
