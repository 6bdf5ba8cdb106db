// The test.xml `rr bazel test-results` keeps, made the same on every machine: a build action's output
// is cached and shared by content, so what differs from run to run (durations, clock, host name, the
// action's own absolute paths) is taken out. rr's evidence reads none of it (docs/bazel.md). The file
// is read with rr's one XML reader and written back with its one writer (tools/xml/), keeping the
// layout of its elements and text; comments, the DOCTYPE and CDATA markers are not kept (CDATA text
// is kept as escaped text). A file that is not well-formed is kept as written, so rr reports its own
// error at its own line.
import { parseXml, type XmlElement } from '../xml/xml-document.js';
import { xmlDocument, type XmlNode } from '../xml/xml-writer.js';

/** Attributes JUnit writers fill from the clock or the machine. */
const VOLATILE_ATTRIBUTES = new Set(['time', 'timestamp', 'hostname']);

/**
 * The XML without clock- and machine-dependent attributes, and with each `paths` key (an absolute
 * path of this run) replaced by its value in attribute values and text.
 */
export function reproducibleTestXml(xml: string, paths: ReadonlyMap<string, string>): string {
  const root = rootOf(xml);
  if (root === undefined) return xml;
  // Longest first: a temporary folder may lie inside the execution root.
  const replacements = [...paths].filter(([path]) => path !== '').sort(([a], [b]) => b.length - a.length);
  const standIn = (text: string) =>
    replacements.reduce((out, [path, stand]) => out.split(path).join(stand), text);
  return xmlDocument(written(root, standIn));
}

/**
 * A test's own JUnit XML with the suites of `generated` (a `<testsuites>` document) after its own: at
 * the end of a `<testsuites>` root, or beside a lone `<testsuite>` root in a new `<testsuites>`.
 */
export function withTrailingSuite(xml: string, generated: string): string {
  const own = rootOf(xml);
  const extra = rootOf(generated);
  if (own === undefined || extra === undefined) return xml;
  const same = (text: string) => text;
  const suites = (extra.content ?? []).map((item) => (typeof item === 'string' ? item : written(item, same)));
  const ownRoot = written(own, same);
  const root: XmlNode =
    own.name === 'testsuites' ? ownRoot : { name: 'testsuites', content: ['\n', ownRoot, '\n'] };
  const content = [...(root.content ?? [])];
  // One line break between the last suite and the next, as the generated document lays them out.
  const last = content[content.length - 1];
  if (typeof last === 'string' && last.endsWith('\n') && typeof suites[0] === 'string')
    suites[0] = suites[0].replace(/^\n/, '');
  return xmlDocument({ ...root, content: [...content, ...suites] });
}

/** The root element read with its content in document order, or undefined when the XML is not well-formed. */
function rootOf(xml: string): XmlElement | undefined {
  const parsed = parseXml(xml, { mixedContent: true });
  return parsed.ok ? parsed.elements[0] : undefined;
}

/** An element as read, to write back: volatile attributes left out, `standIn` applied to values and text. */
function written(element: XmlElement, standIn: (text: string) => string): XmlNode {
  const attributes: Record<string, string> = {};
  for (const [name, value] of Object.entries(element.attributes))
    if (!VOLATILE_ATTRIBUTES.has(name)) attributes[name] = standIn(value);
  const content = (element.content ?? []).map((item) =>
    typeof item === 'string' ? standIn(item) : written(item, standIn),
  );
  // Written as laid out: its whitespace text is in `content`.
  return { name: element.name, attributes, content, inline: true };
}
