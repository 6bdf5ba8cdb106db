// SPDX-License-Identifier: AGPL-3.0-or-later
// <rr-layer-toggles>: one labelled checkbox per board layer (copper and overlays), with its colour.
import { LitElement, css, html } from 'lit';
import {
  HIGHLIGHT_COLOR,
  OUTLINE_COLOR,
  PROVISIONAL_COLOR,
  TARGET_COLOR,
  VIA_COLOR,
  copperColor,
} from './layer-colors.js';
import { sharedStyles } from './shared-styles.js';

const OVERLAY_COLORS: Record<string, string> = {
  Vias: VIA_COLOR,
  'Edge.Cuts': OUTLINE_COLOR,
  Routes: PROVISIONAL_COLOR,
  Labels: HIGHLIGHT_COLOR,
  Notes: TARGET_COLOR,
};

export class LayerToggles extends LitElement {
  static override properties = {
    layers: { attribute: false },
    hiddenLayers: { attribute: false },
  };

  layers: string[] = [];
  hiddenLayers = new Set<string>();

  static override styles = [
    sharedStyles,
    css`
      fieldset {
        border: none;
        margin: 0;
        padding: 0 0 4px;
        display: flex;
        flex-wrap: wrap;
        gap: 2px 10px;
      }
      legend {
        float: left;
        margin-right: 6px;
        font-weight: 600;
      }
      label {
        display: inline-flex;
        align-items: center;
        gap: 3px;
        cursor: pointer;
      }
      svg {
        width: 10px;
        height: 10px;
      }
    `,
  ];

  override render() {
    return html`<fieldset>
      <legend>Layers</legend>
      ${this.layers.map((layer) => {
        const color = OVERLAY_COLORS[layer] ?? copperColor(layer);
        return html`<label>
          <input
            type="checkbox"
            name=${layer}
            .checked=${!this.hiddenLayers.has(layer)}
            @change=${(e: Event) => this.toggle(layer, (e.target as HTMLInputElement).checked)}
          />
          <svg aria-hidden="true" viewBox="0 0 10 10">
            <rect x="0.5" y="0.5" width="9" height="9" fill=${color} stroke="#5d6673" />
          </svg>
          ${layer}
        </label>`;
      })}
    </fieldset>`;
  }

  private toggle(layer: string, visible: boolean): void {
    this.dispatchEvent(
      new CustomEvent('layer-toggle', { detail: { layer, visible }, bubbles: true, composed: true }),
    );
  }
}

customElements.define('rr-layer-toggles', LayerToggles);
