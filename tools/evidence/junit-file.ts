// One XML evidence file from text to its JUnit suites, with the diagnostics reading it gave.
import { diagnostic, type Diagnostic } from '../model/diagnostic.js';
import { readJUnitReport, type JUnitReport } from './junit-report.js';
import { parseXml } from '../xml/xml-document.js';

/** The report in a file, when there is one, and what reading the file found wrong. */
export interface JUnitFile {
  /** undefined when the file is not well-formed XML or not a JUnit report: it gives no evidence */
  report?: JUnitReport;
  diagnostics: Diagnostic[];
}

/** Reads a JUnit XML file's text; `file` is its path relative to the evidence directory. */
export function readJUnitFile(text: string, file: string): JUnitFile {
  const parsed = parseXml(text);
  if (!parsed.ok) {
    const at = { file, line: parsed.line, column: parsed.column };
    return { diagnostics: [diagnostic('read-error', 'error', parsed.message, at)] };
  }
  // Whatever the root: a DOCTYPE in a file of test results is worth knowing about (XXE attempts).
  const doctype = parsed.doctypeLine === undefined ? [] : [doctypeIgnored(file, parsed.doctypeLine)];
  const root = parsed.elements[0];
  if (root === undefined || (root.name !== 'testsuites' && root.name !== 'testsuite')) {
    const found = root === undefined ? 'no element' : `<${root.name}>`;
    const message = `not a JUnit XML report: the root is ${found}, not <testsuites> or <testsuite>; no cases read`;
    return {
      diagnostics: [diagnostic('read-error', 'warning', message, { file, line: root?.line }), ...doctype],
    };
  }
  const report = readJUnitReport(parsed.elements, file);
  return { report, diagnostics: [...report.diagnostics, ...doctype] };
}

function doctypeIgnored(file: string, line: number): Diagnostic {
  return diagnostic(
    'read-error',
    'warning',
    'the DOCTYPE declaration is ignored: rr expands no entities, so references other than &lt; &gt; ' +
      '&amp; &quot; &apos; and numeric ones stay as written',
    { file, line },
  );
}
