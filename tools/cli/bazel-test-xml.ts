// The test.xml `rr bazel test-results` keeps, made the same on every machine: a build action's output
// is cached and shared by content, so what differs from run to run (durations, clock, host name, the
// action's own absolute paths) is taken out. rr's evidence reads none of it (docs/bazel.md).

/** Attributes JUnit writers fill from the clock or the machine. */
const VOLATILE_ATTRIBUTES = new Set(['time', 'timestamp', 'hostname']);

// One attribute of a start tag, read from where the previous one ended.
const ATTRIBUTE = /\s+([^\s=/>]+)\s*=\s*("[^"]*"|'[^']*')/y;
const TAG_NAME = /[^\s/>]+/y;

/** Markup that is not an element and is copied as it is: comments, CDATA, declarations, PIs. */
const OPAQUE: [string, string][] = [
  ['<!--', '-->'],
  ['<![CDATA[', ']]>'],
  ['<?', '?>'],
  ['<!', '>'],
];

/**
 * The XML without clock- and machine-dependent attributes, and with each `paths` key (an absolute
 * path of this run) replaced by its value. Text and other attributes are kept byte for byte.
 */
export function reproducibleTestXml(xml: string, paths: ReadonlyMap<string, string>): string {
  let out = '';
  let at = 0;
  while (at < xml.length) {
    const open = xml.indexOf('<', at);
    if (open < 0) {
      out += xml.slice(at);
      break;
    }
    out += xml.slice(at, open);
    const opaque = OPAQUE.find(([start]) => xml.startsWith(start, open));
    if (opaque) {
      const close = xml.indexOf(opaque[1], open + opaque[0].length);
      const end = close < 0 ? xml.length : close + opaque[1].length;
      out += xml.slice(open, end);
      at = end;
      continue;
    }
    at = copyStartTag(xml, open, (piece) => (out += piece));
  }
  let result = out;
  // Longest first: a temporary folder may lie inside the execution root.
  for (const [path, stand] of [...paths].sort(([a], [b]) => b.length - a.length)) {
    if (path !== '') result = result.split(path).join(stand);
  }
  return result;
}

/** Copies the tag at `open` without its volatile attributes; returns where it ends. */
function copyStartTag(xml: string, open: number, emit: (piece: string) => void): number {
  TAG_NAME.lastIndex = open + 1;
  const name = TAG_NAME.exec(xml);
  if (!name || xml[open + 1] === '/') {
    // An end tag (or a stray '<'): nothing to take out.
    const end = xml.indexOf('>', open);
    const stop = end < 0 ? xml.length : end + 1;
    emit(xml.slice(open, stop));
    return stop;
  }
  let at = TAG_NAME.lastIndex;
  emit(xml.slice(open, at));
  for (;;) {
    ATTRIBUTE.lastIndex = at;
    const attribute = ATTRIBUTE.exec(xml);
    if (!attribute) break;
    if (!VOLATILE_ATTRIBUTES.has(attribute[1]!)) emit(attribute[0]);
    at = ATTRIBUTE.lastIndex;
  }
  return at;
}

/** The declaration, comments and doctype before a document's root element. */
const PROLOG = /^(?:\s*(?:<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>]*>))*\s*/;

/**
 * A test's own JUnit XML with the suites of `generated` (a `<testsuites>` document) after its own: at
 * the end of a `<testsuites>` root, or beside a lone `<testsuite>` root in a new `<testsuites>`.
 */
export function withTrailingSuite(xml: string, generated: string): string {
  const open = generated.indexOf('<testsuites>') + '<testsuites>'.length;
  const suites = generated.slice(open, generated.lastIndexOf('</testsuites>')).replace(/^\n/, '');
  const prolog = PROLOG.exec(xml)![0];
  const root = xml.slice(prolog.length);
  if (root.startsWith('<testsuites')) {
    const close = xml.lastIndexOf('</testsuites>');
    if (close >= 0) {
      const before = xml.slice(0, close);
      return `${before}${before.endsWith('\n') ? '' : '\n'}${suites}${xml.slice(close)}`;
    }
    // An empty `<testsuites .../>`.
    const empty = /^<testsuites\b[^>]*\/>/.exec(root)![0];
    return `${prolog}${empty.replace(/\s*\/>$/, '>')}\n${suites}</testsuites>${root.slice(empty.length)}`;
  }
  return `${prolog}<testsuites>\n${root.replace(/\s*$/, '\n')}${suites}</testsuites>\n`;
}
