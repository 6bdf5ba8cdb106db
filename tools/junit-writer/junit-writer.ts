// The one JUnit XML writer: rr's check results (the tests of rr_model and rr_verification_set), the
// vitest reporter's report and the stand-in test.xml of `rr bazel test-results` are all written here.
// It builds the elements; tools/xml/xml-writer.ts writes them (one element per line, text on its line).
import { xmlDocument, type XmlAttributes, type XmlNode } from '../xml/xml-writer.js';

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

/** The XML text of a JUnit document, with its declaration, ending in a newline. */
export function junitDocumentXml(document: JUnitDocument): string {
  const root: XmlNode = {
    name: 'testsuites',
    attributes: document.attributes ?? {},
    content: document.testsuites.map((suite) => ({
      name: 'testsuite',
      attributes: suite.attributes,
      content: suite.testcases.map(testcaseElement),
    })),
  };
  return xmlDocument(root, { emptyElements: document.emptyElements ?? 'self-closing' });
}

function testcaseElement(testcase: JUnitTestcase): XmlNode {
  const content: XmlNode[] = [];
  const properties = testcase.properties ?? [];
  if (properties.length > 0)
    content.push({
      name: 'properties',
      content: properties.map((p) => ({ name: 'property', attributes: { name: p.name, value: p.value } })),
    });
  for (const result of testcase.results ?? [])
    content.push({
      name: result.element,
      attributes: result.attributes ?? {},
      content: result.text ? [result.text] : [],
    });
  return { name: 'testcase', attributes: testcase.attributes, content };
}
