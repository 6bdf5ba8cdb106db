// Requirement tags and levels a test writes into its report: <property> children of <properties>
// (JUnit, pytest record_property, vitest annotate, jest-junit, googletest 1.12) or attributes of the
// element itself (RecordProperty in older googletest such as 1.8, and at suite level in 1.12 too).
import { byCodePoint } from '../model/code-point-order.js';
import type { XmlElement } from './xml-document.js';

/** Property (or attribute) names whose values are entity ids. */
export const TAG_PROPERTIES = ['requirement', 'verifies'] as const;

/** Property (or attribute) name of a case's own verification level. */
export const LEVEL_PROPERTY = 'level';

/** One property as the report wrote it. */
export interface ReportProperty {
  name: string;
  value: string;
  /** line of the <property> element, or of the element carrying the attribute */
  line: number;
}

/** The element's properties: its <properties><property/> children, then its own attributes. */
export function reportProperties(element: XmlElement): ReportProperty[] {
  const found: ReportProperty[] = [];
  for (const group of element.children) {
    if (group.name !== 'properties') continue;
    for (const property of group.children) {
      const name = property.attributes.name;
      if (property.name !== 'property' || name === undefined) continue;
      // Some writers put the value in the element text instead of a value attribute.
      found.push({ name, value: property.attributes.value ?? property.text, line: property.line });
    }
  }
  for (const [name, value] of Object.entries(element.attributes)) {
    found.push({ name, value, line: element.line });
  }
  return found;
}

/** Splits a tag value into ids: several ids may be separated by commas and/or whitespace. */
export function splitIds(value: string): string[] {
  return value.split(/[\s,]+/).filter((id) => id !== '');
}

/** The ids a testcase is tagged with (sorted, unique) and its level, if any. */
export function caseTags(testcase: XmlElement): { tags: string[]; level?: string } {
  const properties = reportProperties(testcase);
  const ids = new Set<string>();
  for (const p of properties) {
    if ((TAG_PROPERTIES as readonly string[]).includes(p.name))
      for (const id of splitIds(p.value)) ids.add(id);
  }
  // The first level wins: googletest writes a property once, and other writers have no reason to repeat it.
  const level = properties.find((p) => p.name === LEVEL_PROPERTY && p.value.trim() !== '')?.value.trim();
  const tags = [...ids].sort(byCodePoint);
  return level === undefined ? { tags } : { tags, level };
}
