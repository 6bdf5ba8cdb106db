// SPDX-License-Identifier: AGPL-3.0-or-later
// Styles every panel shares: controls, a visible focus ring, tables, headings. Adopted as constructed
// style sheets by lit (no inline styles, which the viewer's content security policy forbids).
import { css } from 'lit';

export const sharedStyles = css`
  :host {
    box-sizing: border-box;
    font:
      13px/1.4 system-ui,
      sans-serif;
    color: var(--rr-fg, #1d2430);
  }
  *,
  *::before,
  *::after {
    box-sizing: inherit;
  }
  h2,
  h3 {
    font-size: 13px;
    margin: 0.6em 0 0.3em;
    font-weight: 600;
  }
  button,
  select,
  input,
  textarea {
    font: inherit;
    color: inherit;
  }
  button {
    border: 1px solid #9aa3b0;
    background: #f4f6f9;
    border-radius: 4px;
    padding: 2px 8px;
    cursor: pointer;
  }
  button:hover:not(:disabled) {
    background: #e6ebf2;
  }
  button:disabled {
    opacity: 0.5;
    cursor: default;
  }
  button[aria-pressed='true'] {
    background: #d6e4fa;
    border-color: #3c7bd2;
  }
  input[type='text'],
  select,
  textarea {
    border: 1px solid #9aa3b0;
    border-radius: 4px;
    padding: 2px 4px;
    background: #fff;
  }
  :focus-visible {
    outline: 2px solid #1a66ff;
    outline-offset: 1px;
  }
  table {
    border-collapse: collapse;
    width: 100%;
  }
  th,
  td {
    text-align: left;
    padding: 1px 6px 1px 0;
    vertical-align: top;
  }
  td.num,
  th.num {
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
  .muted {
    color: #5d6673;
  }
  .empty {
    color: #5d6673;
    font-style: italic;
  }
  .error {
    color: #b3261e;
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
  /* Marks what an AI model wrote (Ask answers' notes, AI net labels). */
  .ai {
    font-size: 11px;
    font-weight: normal;
    background: #efe7fb;
    border-radius: 3px;
    padding: 0 4px;
  }
`;
