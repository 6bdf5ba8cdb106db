// A parsed JUnit file as one compact JSON string, for the trip from a worker thread to the main thread:
// structured-cloning 200,000 case objects cost as much as parsing them (bench/report), while a case as
// an array in a string, decoded on arrival, costs about a fifth of that.
import type { Diagnostic } from '../model/diagnostic.js';
import type { CaseObservation } from './case-observation.js';
import type { JUnitRead } from './junit-files.js';
import type { CaseResult } from './test-case.js';

const RESULTS: readonly CaseResult[] = ['passed', 'failed', 'error', 'skipped'];

/** path, result index, flaky 0|1, tags, level|0, file|0, line|0, message|0, line in the report|0 */
type CaseTuple = [string, number, 0 | 1, string[], string | 0, string | 0, number, string | 0, number];
type SuiteTuple = [name: string, line: number, cases: CaseTuple[]];
type Encoded =
  | { unreadable: Diagnostic }
  | { diagnostics: Diagnostic[]; report?: { diagnostics: Diagnostic[]; suites: SuiteTuple[] } };

/** Encodes a file's read; `decodeJUnitRead(encodeJUnitRead(r), rel)` equals `r` for a read of `rel`. */
export function encodeJUnitRead(read: JUnitRead): string {
  if ('unreadable' in read) return JSON.stringify(read);
  const encoded: Encoded = { diagnostics: read.diagnostics };
  if (read.report !== undefined) {
    encoded.report = {
      diagnostics: read.report.diagnostics,
      suites: read.report.suites.map((s) => [s.name, s.line, s.cases.map(caseTuple)]),
    };
  }
  return JSON.stringify(encoded);
}

/** The read of `rel` back from its encoding (sources and report positions name `rel`, as parsing does). */
export function decodeJUnitRead(text: string, rel: string): JUnitRead {
  // trusted: encodeJUnitRead's output, from rr's own worker; a check per case would cost more than decoding
  const encoded = JSON.parse(text) as Encoded;
  if ('unreadable' in encoded) return encoded;
  if (encoded.report === undefined) return { diagnostics: encoded.diagnostics };
  const sources = Object.freeze([rel]) as unknown as string[]; // shared, as parsing shares it
  const suites = encoded.report.suites.map(([name, line, cases]) => ({
    name,
    line,
    cases: cases.map((c) => observation(c, rel, sources)),
  }));
  return { diagnostics: encoded.diagnostics, report: { diagnostics: encoded.report.diagnostics, suites } };
}

function caseTuple(o: CaseObservation): CaseTuple {
  // Parsed JUnit cases are never synthetic and carry no attachments; the one source is the file itself.
  return [
    o.path,
    RESULTS.indexOf(o.result),
    o.flaky ? 1 : 0,
    o.tags,
    o.level ?? 0,
    o.file ?? 0,
    o.line ?? 0,
    o.message ?? 0,
    o.at?.line ?? 0,
  ];
}

function observation(c: CaseTuple, rel: string, sources: string[]): CaseObservation {
  const [path, result, flaky, tags, level, file, line, message, atLine] = c;
  const o: CaseObservation = {
    path,
    result: RESULTS[result]!,
    flaky: flaky === 1,
    tags,
    synthetic: false,
    sources,
    at: atLine === 0 ? { file: rel } : { file: rel, line: atLine },
  };
  if (message !== 0) o.message = message;
  if (level !== 0) o.level = level;
  if (file !== 0) o.file = file;
  if (line !== 0) o.line = line;
  return o;
}
