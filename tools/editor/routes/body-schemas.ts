// The JSON schemas of the editor's request bodies (docs/api.md): fastify checks each body with rr's
// Ajv before the route runs (tools/http/request-bodies.ts), so a wrong field is a 400 naming it. An
// entity's own fields are the model schema's business (the edit library checks them), so bodies that
// carry them only say which top-level fields have which type.

const REQUIRED_STRING = { type: 'string', minLength: 1 } as const;
const OPTIONAL_STRING = { type: ['string', 'null'] } as const;
const OBJECT = { type: 'object' } as const;

/** A body with no fields of its own to check (flags are read leniently, docs/api.md). */
export const ANY_OBJECT_BODY = OBJECT;

/** POST /api/entities: the entity's fields, or `{kind, data, id}`. */
export const ENTITY_CREATE_BODY = {
  type: 'object',
  properties: { data: OBJECT, id: OPTIONAL_STRING, file: OPTIONAL_STRING },
} as const;

/** PUT /api/entities/{id}: the fields (or `data`) and the version the change was made against. */
export const ENTITY_UPDATE_BODY = {
  type: 'object',
  required: ['version'],
  properties: { data: OBJECT, version: REQUIRED_STRING },
} as const;

/** DELETE /api/entities/{id}: the version, unless the query carries it. */
export const ENTITY_DELETE_BODY = { type: 'object', properties: { version: OPTIONAL_STRING } } as const;

/** POST /api/entities/{id}/rename: the new id (`id` or `new_id`) and the version. */
export const ENTITY_RENAME_BODY = {
  type: 'object',
  required: ['version'],
  properties: { id: OPTIONAL_STRING, new_id: OPTIONAL_STRING, version: REQUIRED_STRING },
} as const;

/** POST /api/entities/{id}/precheck and the note routes: an optional version, `data` an object. */
export const VERSIONED_BODY = {
  type: 'object',
  properties: { data: OBJECT, version: OPTIONAL_STRING },
} as const;

/** POST /api/cases/move: the case (`case: {target, path}` or the two fields) and the new owner. */
export const CASE_MOVE_BODY = {
  type: 'object',
  properties: {
    case: OBJECT,
    target: OPTIONAL_STRING,
    path: OPTIONAL_STRING,
    to: { type: ['string', 'null'] },
  },
} as const;

/** POST /api/git/commit. */
export const COMMIT_BODY = {
  type: 'object',
  required: ['message'],
  properties: { message: REQUIRED_STRING },
} as const;

/** POST /api/git/tag. */
export const TAG_BODY = {
  type: 'object',
  required: ['name', 'message'],
  properties: { name: REQUIRED_STRING, message: REQUIRED_STRING, ref: OPTIONAL_STRING },
} as const;

/** POST /api/publish. */
export const PUBLISH_BODY = {
  type: 'object',
  required: ['ref'],
  properties: { ref: REQUIRED_STRING, folder: OPTIONAL_STRING },
} as const;

/** POST /api/agents/run. */
export const AGENT_RUN_BODY = {
  type: 'object',
  required: ['workflow'],
  properties: {
    workflow: REQUIRED_STRING,
    entity: OPTIONAL_STRING,
    description: OPTIONAL_STRING,
    worksheet: OPTIONAL_STRING,
    llm: { type: 'boolean' },
  },
} as const;

/** POST /api/worksheet/accept: the worksheet and the marks a person sets. */
export const WORKSHEET_ACCEPT_BODY = {
  type: 'object',
  required: ['cases'],
  properties: {
    path: OPTIONAL_STRING,
    cases: {
      type: 'array',
      items: {
        type: 'object',
        required: ['target', 'path', 'accepted'],
        properties: { target: REQUIRED_STRING, path: REQUIRED_STRING, accepted: { type: 'boolean' } },
      },
    },
  },
} as const;

/** POST /api/worksheet/apply: the worksheet, and whether to only plan and to let moves expand claims. */
export const WORKSHEET_APPLY_BODY = {
  type: 'object',
  properties: { path: OPTIONAL_STRING, dry_run: { type: 'boolean' }, expand: { type: 'boolean' } },
} as const;

/** POST /api/findings/{id}/apply: the action and its fields (docs/api.md "Agents"). */
export const FINDING_APPLY_BODY = {
  type: 'object',
  required: ['action'],
  properties: {
    action: { enum: ['note', 'create', 'update', 'worksheet'] },
    entity: OPTIONAL_STRING,
    kind: OPTIONAL_STRING,
    text: OPTIONAL_STRING,
    version: OPTIONAL_STRING,
    data: OBJECT,
    id: OPTIONAL_STRING,
    file: OPTIONAL_STRING,
    fields: OBJECT,
    path: OPTIONAL_STRING,
  },
} as const;

/** POST /api/findings/{id}/dismiss. */
export const FINDING_DISMISS_BODY = { type: 'object', properties: { reason: OPTIONAL_STRING } } as const;
