// The model as git holds it at a revision, and the semantic diff between two models, from the
// application layer every front end shares (tools/app).
export { modelAtRevision } from '../app/model-at-revision.js';
export { semanticDiff, type ModelDiff, type FieldChange } from '../app/semantic-diff.js';
