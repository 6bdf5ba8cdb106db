// What the editor's own routes refuse (the layers below them refuse with their own errors), as codes of
// one union; the editor's table (editor-errors.ts) gives each its status (docs/api.md, "Errors").
import { ApiError } from '../http/api-error.js';

/** Every code the editor's routes refuse with. */
export const EDITOR_ROUTE_ERROR_CODES = [
  'bad-request',
  'bad-author',
  'no-author',
  'outside-repository',
  'unknown-entity',
  'unknown-ref',
  'not-found',
  'no-cross-origin',
  'not-a-repository',
  'nothing-to-commit',
  'tag-exists',
  'no-lock',
  'lock-refused',
  'bad-worksheet',
  'publish-refused',
] as const;

/** What an editor route refused. */
export type EditorRouteErrorCode = (typeof EDITOR_ROUTE_ERROR_CODES)[number];

/** A request an editor route refuses. */
export class EditorRouteError extends ApiError<EditorRouteErrorCode> {}
