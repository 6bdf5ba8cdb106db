// Requirement tags and levels a test writes into its report: <property> children of <properties>
// (JUnit, pytest record_property, vitest annotate, jest-junit, googletest 1.12) or attributes of the
// element itself (RecordProperty in older googletest such as 1.8, and at suite level in 1.12 too).
import { byCodePoint } from '../model/code-point-order.js';
import type { XmlElement } from '../xml/xml-document.js';

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

/**
 * The element's properties with one of `names`: its <properties><property/> children, then its own
 * attributes (looked up by name: a testcase has several others, and this runs once per case).
 */
export function reportProperties(element: XmlElement, names: readonly string[]): ReportProperty[] {
  const found: ReportProperty[] = [];
  for (const group of element.children) {
    if (group.name !== 'properties') continue;
    for (const property of group.children) {
      const name = property.attributes.name;
      if (property.name !== 'property' || name === undefined || !names.includes(name)) continue;
      // Some writers put the value in the element text instead of a value attribute.
      found.push({ name, value: property.attributes.value ?? property.text, line: property.line });
    }
  }
  for (const name of names) {
    const value = element.attributes[name];
    if (value !== undefined) found.push({ name, value, line: element.line });
  }
  return found;
}

/** Splits a tag value into ids: several ids may be separated by commas and/or whitespace. */
export function splitIds(value: string): string[] {
  return value.split(/[\s,]+/).filter((id) => id !== '');
}

const CASE_PROPERTIES: readonly string[] = [...TAG_PROPERTIES, LEVEL_PROPERTY];

/** The ids a testcase is tagged with (sorted, unique) and its level, if any. */
export function caseTags(testcase: XmlElement): { tags: string[]; level?: string } {
  let ids: Set<string> | undefined;
  let level: string | undefined;
  for (const { name, value } of reportProperties(testcase, CASE_PROPERTIES)) {
    if (name !== LEVEL_PROPERTY) {
      for (const id of splitIds(value)) (ids ??= new Set()).add(id);
    } else if (level === undefined && value.trim() !== '') {
      // The first level wins: googletest writes a property once, and other writers have no reason to repeat it.
      level = value.trim();
    }
  }
  const tags = ids === undefined ? [] : [...ids].sort(byCodePoint);
  return level === undefined ? { tags } : { tags, level };
}
