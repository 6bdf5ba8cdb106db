// SPDX-License-Identifier: AGPL-3.0-or-later
// <rr-source-panel>: the design-source browser (Inspect). The instance tree of the design sources (GET
// /api/source/index) with each instance's type, file and line and the footprint it joined; picking one
// opens its file (GET /api/source/file) at the line that defines it. The nets with their titles and
// summaries from the sources, problems found in the sources, and buttons that add the instance, its
// footprint, a net or the open line to the note being written (the Notes tab).
import { LitElement, css, html, nothing } from 'lit';
import type { DesignNoteTarget, JoinedInstance, SourceFileAnswer, SourceIndex } from './api-types.js';
import { findInstance } from '../../src/design-sources/source-netlist-join.js';
import { sharedStyles } from './shared-styles.js';
import type { ViewerApi } from './viewer-api.js';
import type { NetLabelStatus } from './api-types.js';

export class SourcePanel extends LitElement {
  static override properties = {
    api: { attribute: false },
    highlightRef: { attribute: false },
    index: { state: true },
    selected: { state: true },
    file: { state: true },
    line: { state: true },
    failure: { state: true },
    netLabels: { state: true },
  };

  api: ViewerApi | null = null;
  highlightRef: string | null = null;
  index: SourceIndex | null = null;
  /** The address of the selected instance. */
  selected: string | null = null;
  file: SourceFileAnswer | null = null;
  line = 0;
  failure = '';
  /** AI net labels (`--net-summaries on`), shown beside the sources' titles and marked as AI output. */
  netLabels: NetLabelStatus | null = null;
  private loaded = false;

  static override styles = [
    sharedStyles,
    css`
      :host {
        display: block;
      }
      ul.tree,
      ul.tree ul {
        list-style: none;
        margin: 0;
        padding-left: 14px;
      }
      ul.tree {
        padding-left: 0;
        max-height: 260px;
        overflow: auto;
      }
      button.node {
        border: none;
        background: none;
        padding: 1px 3px;
        text-align: left;
        cursor: pointer;
      }
      button.node[aria-current='true'] {
        background: #dbe8ff;
        border-radius: 3px;
      }
      .kind {
        color: #5d6673;
        font-size: 11px;
      }
      .ref {
        font-weight: 600;
        color: #1a4fb3;
      }
      .code {
        font-family: ui-monospace, monospace;
        font-size: 12px;
        max-height: 320px;
        overflow: auto;
        border: 1px solid #dde3ea;
        border-radius: 4px;
        background: #fbfcfe;
      }
      .code div {
        display: flex;
        padding: 0 6px;
      }
      .code .text {
        white-space: pre;
      }
      .code div.at {
        background: #fff1b8;
      }
      .code .no {
        display: inline-block;
        width: 3em;
        color: #8a93a0;
        user-select: none;
      }
      .problem.error {
        color: #a32020;
      }
      .actions {
        display: flex;
        flex-wrap: wrap;
        gap: 4px;
        margin: 4px 0;
      }
    `,
  ];

  protected override willUpdate(): void {
    if (this.api && !this.loaded) {
      this.loaded = true;
      void this.load();
    }
  }

  private async load(): Promise<void> {
    try {
      this.index = await this.api!.sourceIndex();
      this.api!.netLabels().then(
        (labels) => (this.netLabels = labels.state === 'off' ? null : labels),
        () => undefined,
      );
    } catch (error) {
      this.failure = `The source index could not be read: ${error instanceof Error ? error.message : String(error)}`;
    }
  }

  override render() {
    const index = this.index;
    if (this.failure && !index)
      return html`<h2>Source</h2>
        <p class="error" role="alert">${this.failure}</p>`;
    if (!index)
      return html`<h2>Source</h2>
        <p class="muted">Reading the design sources…</p>`;
    const failure = this.failure ? html`<p class="error" role="alert">${this.failure}</p>` : nothing;
    const selected = this.selected === null ? undefined : findInstance(index.tree, this.selected);
    return html`<h2>Source</h2>
      <p class="muted">
        ${index.manifest.entry} (build ${index.manifest.build}),
        ${index.graph ? html`joined to ${index.graph.file}` : index.graphReason}
      </p>
      ${
        index.problems.length > 0
          ? html`<ul aria-label="Problems in the design sources">
              ${index.problems.map(
                (p) =>
                  html`<li class="problem ${p.severity}">
                    ${p.file}${p.line ? `:${p.line}${p.column ? `:${p.column}` : ''}` : ''}: ${p.message}
                  </li>`,
              )}
            </ul>`
          : nothing
      }
      <ul class="tree" role="tree" aria-label="Instance tree">
        ${this.renderNode(index.tree)}
      </ul>
      ${selected ? this.renderSelected(selected) : html`<p class="muted">Pick an instance to open its source.</p>`}
      ${failure} ${this.file ? this.renderFile(this.file) : nothing} ${this.renderNets(index)}`;
  }

  private renderNode(node: JoinedInstance): unknown {
    return html`<li role="treeitem" aria-expanded=${node.children.length > 0 ? 'true' : nothing}>
      <button
        type="button"
        class="node"
        data-address=${node.address}
        aria-current=${this.selected === node.address ? 'true' : 'false'}
        @click=${() => this.open(node)}
      >
        ${node.name} <span class="kind">${node.kind === 'library' ? 'library' : node.kind} ${node.type}</span>
        ${node.ref ? html`<span class="ref">${node.ref}</span>` : nothing}
      </button>
      ${
        node.children.length > 0
          ? html`<ul role="group">
              ${node.children.map((c) => this.renderNode(c))}
            </ul>`
          : nothing
      }
    </li>`;
  }

  private renderSelected(node: JoinedInstance) {
    const at = node.definition ?? node.declaredAt;
    return html`<section aria-label="Selected instance" data-selected=${node.address}>
      <h3>${node.address || node.name}: ${node.type}</h3>
      ${node.doc ? html`<p>${node.doc}</p>` : nothing}
      <p class="muted">
        ${node.definition ? html`defined at ${node.definition.file}:${node.definition.line}` : 'not defined in the sources'}
        ${node.declaredAt ? html`; made at ${node.declaredAt.file}:${node.declaredAt.line}` : nothing}
      </p>
      ${
        node.attributes.length > 0
          ? html`<table aria-label="Attributes">
              ${node.attributes.map(
                (a) =>
                  html`<tr>
                    <th>${a.name}</th>
                    <td>${a.value}</td>
                    <td class="muted">${a.at.file}:${a.at.line}</td>
                  </tr>`,
              )}
            </table>`
          : nothing
      }
      ${node.nets.length > 0 ? html`<p>Nets: ${node.nets.join(', ')}</p>` : nothing}
      <div class="actions">
        ${
          node.ref
            ? html`<button type="button" @click=${() => this.highlight({ ref: node.ref! })}>
                  Show ${node.ref} on the board
                </button>
                <button type="button" @click=${() => this.addTarget({ type: 'footprint', ref: node.ref! })}>
                  Target ${node.ref} in the note
                </button>`
            : nothing
        }
        ${
          at
            ? html`<button
                type="button"
                @click=${() => this.addTarget({ type: 'source', path: at.file, line: this.line || at.line })}
              >
                Target ${at.file}:${this.line || at.line} in the note
              </button>`
            : nothing
        }
      </div>
    </section>`;
  }

  private renderFile(file: SourceFileAnswer) {
    return html`<div class="code" role="region" aria-label=${`Source ${file.path}`} data-file=${file.path}>
      ${file.lines.map(
        (text, i) =>
          html`<div
            class=${i + 1 === this.line ? 'at' : ''}
            data-line=${i + 1}
            @click=${() => (this.line = i + 1)}
          >
            <span class="no">${i + 1}</span><span class="text">${text}</span>
          </div>`,
      )}
    </div>`;
  }

  private renderNets(index: SourceIndex) {
    if (index.nets.length === 0) return nothing;
    const labels = this.netLabels;
    return html`<h3>Nets</h3>
      ${labels?.state === 'failed' && labels.reason ? html`<p class="error" data-net-labels-reason>AI net labels: ${labels.reason}${labels.fix ? ` What to do: ${labels.fix}` : ''}</p>` : nothing}
      <table aria-label="Nets from the sources">
        <thead>
          <tr>
            <th>Net</th>
            <th>In the sources</th>
            ${this.netLabels ? html`<th>Label <span class="ai" title=${`written by ${this.netLabels.model}; may be wrong`}>AI output</span></th>` : nothing}
            <th></th>
          </tr>
        </thead>
        <tbody>
          ${index.nets.map(
            (n) =>
              html`<tr title=${n.summary}>
                <td>
                  <button type="button" class="node" @click=${() => this.highlight({ net: n.net })}>
                    ${n.net}
                  </button>
                </td>
                <td>
                  ${n.title}${
                    n.match === 'partial'
                      ? html` <span class="error"
                          >(differs:
                          ${[...n.onlyInGraph.map((p) => `${p} only in the netlist`), ...n.onlyInSources.map((p) => `${p} only in the sources`)].join(', ')})</span
                        >`
                      : nothing
                  }
                </td>
                ${this.netLabels ? html`<td data-ai-net-label=${n.net}>${this.netLabels.labels[n.net]?.label ?? '–'}</td>` : nothing}
                <td>
                  <button
                    type="button"
                    data-target-net=${n.net}
                    @click=${() => this.addTarget({ type: 'net', net: n.net })}
                  >
                    Target
                  </button>
                </td>
              </tr>`,
          )}
        </tbody>
      </table>`;
  }

  private async open(node: JoinedInstance): Promise<void> {
    this.selected = node.address;
    const at = node.definition ?? node.declaredAt;
    if (node.ref) this.highlight({ ref: node.ref });
    if (!at || !this.api) return;
    try {
      this.file = this.file?.path === at.file ? this.file : await this.api.sourceFile(at.file);
      this.line = at.line;
      await this.updateComplete;
      this.renderRoot.querySelector(`.code div[data-line="${at.line}"]`)?.scrollIntoView({ block: 'center' });
    } catch (error) {
      this.failure = `The source file could not be read: ${error instanceof Error ? error.message : String(error)}`;
    }
  }

  private highlight(detail: { ref?: string; net?: string }): void {
    this.dispatchEvent(new CustomEvent('highlight', { detail, bubbles: true, composed: true }));
  }

  private addTarget(target: DesignNoteTarget): void {
    this.dispatchEvent(new CustomEvent('target-add', { detail: { target }, bubbles: true, composed: true }));
  }
}

customElements.define('rr-source-panel', SourcePanel);
