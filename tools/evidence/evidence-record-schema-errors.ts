// Schema errors of an evidence record (records/*.json) in words: which field of which case, what was
// expected, what was found.
import type { ErrorObject } from 'ajv/dist/2020.js';
import { pointerSegments, showValue, typeWord, valueAtPath, valueKind } from '../model/schema-values.js';

/** A schema error in words, with the path (and offending key) to point at. */
export function explainEvidenceRecordError(
  error: ErrorObject,
  value: unknown,
): { path: string[]; key?: string; message: string } {
  const path = pointerSegments(error.instancePath);
  const field = describe(path);
  const actual = valueAtPath(value, path);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return { path, message: `${field} is missing required key "${String(params.missingProperty)}"` };
    case 'additionalProperties': {
      const key = String(params.additionalProperty);
      return { path, key, message: `unknown key "${key}" in ${field}; remove it or check its spelling` };
    }
    case 'enum':
      return {
        path,
        message: `${field} must be one of ${(params.allowedValues as unknown[]).map(showValue).join(', ')}; got ${showValue(actual)}`,
      };
    case 'type':
      return { path, message: `${field} must be ${typeWord(String(params.type))}; got ${valueKind(actual)}` };
    case 'minLength':
      return { path, message: `${field} must not be empty` };
    case 'pattern':
      return {
        path,
        message:
          path[path.length - 1] === 'sha256'
            ? `${field} must be 64 hexadecimal digits; got ${showValue(actual)}`
            : `${field} must be one entity id without spaces or commas; got ${showValue(actual)} (list several ids as separate items)`,
      };
    default:
      return { path, message: `${field} ${error.message ?? 'is invalid'}` };
  }
}

const ITEM_NOUNS: Record<string, string> = { cases: 'case', attachments: 'attachment', tags: 'tag' };

/** A path for people: `"result" of case 3`, `"sha256" of attachment 1 of case 2`. */
function describe(path: string[]): string {
  if (path.length === 0) return 'the record file';
  const parts: string[] = [];
  for (let i = path.length - 1; i >= 0; i--) {
    const segment = path[i]!;
    const container = path[i - 1];
    if (/^\d+$/.test(segment) && container !== undefined) {
      const noun = ITEM_NOUNS[container];
      const n = Number(segment) + 1;
      parts.push(noun === undefined ? `item ${n} of "${container}"` : `${noun} ${n}`);
      i--;
    } else parts.push(`"${segment}"`);
  }
  return parts.join(' of ');
}
