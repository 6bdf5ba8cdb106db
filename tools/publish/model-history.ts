// The model as git holds it at a revision, and the semantic diff between two models. Both live with the
// editor today and are moving to a layer every front end shares; this file is the publisher's one
// import of them, so that move changes one line here.
export { modelAtRevision } from '../editor/model-at-revision.js';
export { semanticDiff, type ModelDiff, type FieldChange } from '../editor/semantic-diff.js';
