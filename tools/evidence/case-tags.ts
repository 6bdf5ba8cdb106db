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
  // Reads only the tag and level properties (not reportProperties): this runs once per case.
  let ids: Set<string> | undefined;
  let level: string | undefined;
  const take = (name: string, value: string) => {
    if (name === TAG_PROPERTIES[0] || name === TAG_PROPERTIES[1]) {
      for (const id of splitIds(value)) (ids ??= new Set()).add(id);
    } else if (name === LEVEL_PROPERTY && level === undefined && value.trim() !== '') {
      // The first level wins: googletest writes a property once, and other writers have no reason to repeat it.
      level = value.trim();
    }
  };
  for (const group of testcase.children) {
    if (group.name !== 'properties') continue;
    for (const property of group.children) {
      const name = property.attributes.name;
      if (property.name === 'property' && name !== undefined)
        take(name, property.attributes.value ?? property.text);
    }
  }
  const { attributes } = testcase;
  for (const name of [...TAG_PROPERTIES, LEVEL_PROPERTY]) {
    const value = attributes[name];
    if (value !== undefined) take(name, value);
  }
  const tags = ids === undefined ? [] : [...ids].sort(byCodePoint);
  return level === undefined ? { tags } : { tags, level };
}
