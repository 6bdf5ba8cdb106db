// A route schema's refusal as a sentence that names the field and what it takes, in the words the
// editor used before its bodies had schemas: `"message" is required`, `"to" must be a string`.
import type { FastifySchemaValidationError } from 'fastify/types/schema.js';

const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  object: 'a JSON object',
  array: 'a list',
  boolean: 'true or false',
  number: 'a number',
  integer: 'a whole number',
  null: 'null',
};

/** The message for the first error a body schema found. */
export function schemaErrorMessage(errors: readonly FastifySchemaValidationError[]): string {
  const error = errors[0];
  if (!error) return 'the request body does not match its schema';
  const path = error.instancePath.split('/').filter(Boolean).join('.');
  const params = error.params;
  if (error.keyword === 'required')
    return `"${[path, params.missingProperty].filter(Boolean).join('.')}" is required`;
  // An empty string is a missing value, as it always was for these fields.
  if (error.keyword === 'minLength' && params.limit === 1) return `"${path}" is required`;
  // A null where a value is required reads as a missing value (only required fields refuse null).
  if (error.keyword === 'type' && path !== '' && (error as { data?: unknown }).data === null)
    return `"${path}" is required`;
  if (error.keyword === 'type') {
    const types = String(params.type)
      .split(',')
      .map((t) => TYPE_WORDS[t] ?? t);
    if (path === '') return `the request body must be ${types.join(' or ')}`;
    return `"${path}" must be ${types.join(' or ')}`;
  }
  if (error.keyword === 'enum')
    return `"${path}" must be one of ${(params.allowedValues as unknown[]).map(String).join(', ')}`;
  return `${path === '' ? 'the request body' : `"${path}"`} ${error.message ?? 'is not valid'}`;
}
