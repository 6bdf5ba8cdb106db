import { html, type TemplateResult } from 'lit';
import { defaultWorksheet } from '../model/default-worksheet.js';

/** The label and input of a worksheet path (relative to the checkout; empty: the default worksheet). */
export function worksheetPathField(id: string, value = '', placeholder = defaultWorksheet()): TemplateResult {
  return html`<label for=${id}>Worksheet (relative to the checkout; empty: ${defaultWorksheet()})</label>
    <input id=${id} name="path" type="text" spellcheck="false" .value=${value} placeholder=${placeholder} />`;
}
