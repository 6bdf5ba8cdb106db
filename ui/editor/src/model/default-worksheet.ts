// The worksheet proposals go to when none is named: cases.rrplan in the model's folder (docs/worksheet.md).
import { store } from '../session/editor-store.js';

/** `cases.rrplan` in the model's folder, relative to the checkout, as the server's default. */
export function defaultWorksheet(): string {
  const model = store().state?.model.path ?? '';
  const folder = /\.(ya?ml|json)$/i.test(model) ? model.replace(/\/?[^/]*$/, '') : model;
  return folder === '' || folder === '.' ? 'cases.rrplan' : `${folder}/cases.rrplan`;
}
