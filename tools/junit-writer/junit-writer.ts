// The one JUnit XML writer: rr's check results (the tests of rr_model and rr_verification_set), the
// vitest reporter's report and the stand-in test.xml of `rr bazel test-results` are all written here.
// One element per line, indented by two spaces; text stays on its element's line.
import { escapeMarkup } from '../xml/markup-escape.js';

/** Attributes in the order they are written; undefined ones are left out. */
export type XmlAttributes = Readonly<Record<string, string | number | undefined>>;

/** A result element of a testcase: `<failure>`, `<error>`, `<skipped>` or `<flakyFailure>`, with its text. */
export interface JUnitResult {
  element: 'failure' | 'error' | 'skipped' | 'flakyFailure';
  attributes?: XmlAttributes;
  /** the detail (stack, diagnostics); empty or undefined writes an empty element */
  text?: string;
}

/** One `<testcase>`: its attributes, `<properties>` (written when there are any) and results. */
export interface JUnitTestcase {
  attributes: XmlAttributes;
  properties?: readonly { name: string; value: string }[];
  results?: readonly JUnitResult[];
}

/** One `<testsuite>`. */
export interface JUnitTestsuite {
  attributes: XmlAttributes;
  testcases: readonly JUnitTestcase[];
}

/** A `<testsuites>` document. */
export interface JUnitDocument {
  attributes?: XmlAttributes;
  testsuites: readonly JUnitTestsuite[];
  /** `paired` writes `<error ...></error>`, as Bazel's own generated test.xml does; default `<error .../>` */
  emptyElements?: 'self-closing' | 'paired';
}

interface XmlElement {
  name: string;
  attributes: XmlAttributes;
  text?: string;
  children: XmlElement[];
}

/** The XML text of a JUnit document, with its declaration, ending in a newline. */
export function junitDocumentXml(document: JUnitDocument): string {
  const root: XmlElement = {
    name: 'testsuites',
    attributes: document.attributes ?? {},
    children: document.testsuites.map((suite) => ({
      name: 'testsuite',
      attributes: suite.attributes,
      children: suite.testcases.map(testcaseElement),
    })),
  };
  const paired = document.emptyElements === 'paired';
  return `<?xml version="1.0" encoding="UTF-8"?>\n${elementXml(root, 0, paired)}`;
}

function testcaseElement(testcase: JUnitTestcase): XmlElement {
  const children: XmlElement[] = [];
  const properties = testcase.properties ?? [];
  if (properties.length > 0)
    children.push({
      name: 'properties',
      attributes: {},
      children: properties.map((p) => ({
        name: 'property',
        attributes: { name: p.name, value: p.value },
        children: [],
      })),
    });
  for (const result of testcase.results ?? [])
    children.push({
      name: result.element,
      attributes: result.attributes ?? {},
      text: result.text,
      children: [],
    });
  return { name: 'testcase', attributes: testcase.attributes, children };
}

function elementXml(element: XmlElement, depth: number, paired: boolean): string {
  const indent = '  '.repeat(depth);
  const open = `${indent}<${element.name}${attributesXml(element.attributes)}`;
  if (element.children.length > 0) {
    const children = element.children.map((child) => elementXml(child, depth + 1, paired)).join('');
    return `${open}>\n${children}${indent}</${element.name}>\n`;
  }
  if (element.text) return `${open}>${escapeMarkup(element.text)}</${element.name}>\n`;
  return paired ? `${open}></${element.name}>\n` : `${open}/>\n`;
}

function attributesXml(attributes: XmlAttributes): string {
  let out = '';
  for (const [name, value] of Object.entries(attributes))
    if (value !== undefined) out += ` ${name}="${escapeMarkup(String(value))}"`;
  return out;
}
