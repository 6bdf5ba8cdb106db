// SPDX-License-Identifier: AGPL-3.0-or-later
// <rr-feature-panel>: the tab of an optional feature (schematic, source browser, 3D view, cost replay,
// Ask). When the page's feature list (GET /api/features) says the viewer does not provide it, it shows
// the server's reason and the settings the feature would need, as the server words them, without calling
// the feature's route; otherwise it asks the route.
import { LitElement, css, html, nothing } from 'lit';
import { sharedStyles } from './shared-styles.js';
import type { FeatureId, UnavailableAnswer } from './api-types.js';
import { unavailableFrom, type FeatureList } from './feature-availability.js';
import type { ViewerApi } from './viewer-api.js';

export class FeaturePanel extends LitElement {
  static override properties = {
    api: { attribute: false },
    heading: { type: String },
    route: { type: String },
    feature: { type: String },
    features: { attribute: false },
    answer: { state: true },
    failure: { state: true },
  };

  api: ViewerApi | null = null;
  heading = '';
  /** The route that answers for the feature (GET). */
  route = '';
  /** The feature's id in the feature list. */
  feature: FeatureId | '' = '';
  /** The page's feature list; null while it is being read. */
  features: FeatureList = null;
  answer: UnavailableAnswer | { available: true } | null = null;
  failure = '';
  private asked = '';

  static override styles = [
    sharedStyles,
    css`
      :host {
        display: block;
      }
      .reason {
        background: #fff8e1;
        border: 1px solid #f0d28a;
        border-radius: 4px;
        padding: 6px 8px;
      }
      code {
        background: #eef1f5;
        padding: 0 3px;
        border-radius: 3px;
      }
    `,
  ];

  protected override willUpdate(): void {
    const route = this.route;
    // Wait for the feature list: it may say the route is unavailable, and then the page never calls it.
    if (!this.api || !route || this.features === null || this.asked === route) return;
    // The element is reused from tab to tab: forget the previous feature's answer.
    this.asked = route;
    this.failure = '';
    const known = this.feature ? unavailableFrom(this.features, this.feature) : undefined;
    this.answer = known ?? null;
    if (known) return;
    this.api.feature(route).then(
      (answer) => {
        if (this.asked === route) this.answer = answer;
      },
      (error: unknown) => {
        if (this.asked === route) this.failure = error instanceof Error ? error.message : String(error);
      },
    );
  }

  override render() {
    const a = this.answer;
    return html`<h2>${this.heading}</h2>
      ${
        this.failure
          ? html`<p class="error">Could not ask the viewer about this feature: ${this.failure}</p>`
          : !a
            ? html`<p class="muted">Asking the viewer…</p>`
            : a.available
              ? html`<p>
                  This viewer provides the ${this.heading.toLowerCase()}, but this page cannot show it yet.
                </p>`
              : html`<div class="reason" role="note" data-unavailable=${a.feature}>
                  <p><strong>Not available.</strong> ${a.reason}</p>
                  ${
                    a.needs.length > 0
                      ? html`<p>
                          It needs: ${a.needs.map((n, i) => html`${i > 0 ? ', ' : nothing}<code>${n}</code>`)}
                        </p>`
                      : nothing
                  }
                </div>`
      }`;
  }
}

customElements.define('rr-feature-panel', FeaturePanel);
