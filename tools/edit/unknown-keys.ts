import { SECTION_OF_KIND, type EntityKind } from '../model/entity.js';
import { checkDocumentSchema } from '../model/schema-check.js';

/** The keys of an entity's fields that the model schema does not know (custom keys), by the loader's rules. */
export function unknownKeys(
  kind: EntityKind,
  form: 'sections' | 'single',
  data: Record<string, unknown>,
): string[] {
  const section = SECTION_OF_KIND[kind];
  const doc = form === 'single' ? { kind, ...data } : { [section]: [data] };
  const at = form === 'single' ? '' : `${section}/0`;
  return checkDocumentSchema(doc)
    .filter(
      (issue) => issue.rule === 'unknown-field' && issue.key !== undefined && issue.path.join('/') === at,
    )
    .map((issue) => issue.key!);
}
