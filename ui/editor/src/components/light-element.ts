import { LitElement } from 'lit';

/**
 * A lit element rendering into the light DOM: the editor's one style sheet (served as a file, as the
 * content security policy requires) reaches every component, and labels, ids and the accessibility
 * tree work across components without shadow-root boundaries.
 */
export class LightElement extends LitElement {
  protected override createRenderRoot(): HTMLElement {
    return this;
  }
}
