// Reads and parses the XML files of an evidence directory on the calling thread. Worker threads do not
// pay here: copying 200,000 parsed cases back to the main thread costs as much as parsing them
// (bench/report), so the model loads on workers meanwhile instead (loadInputs).
import type { Diagnostic } from '../model/diagnostic.js';
import { readEvidenceText } from './evidence-text.js';
import { readJUnitFile, type JUnitFile } from './junit-file.js';

/** A file read as JUnit XML, or the read-error that stopped it. */
export type JUnitRead = JUnitFile | { unreadable: Diagnostic };

/** Reads each of `rels` (relative to `dir`) as a JUnit report; results in the same order. */
export function readJUnitFiles(dir: string, rels: string[]): JUnitRead[] {
  return rels.map((rel) => {
    const text = readEvidenceText(dir, rel);
    return text.ok ? readJUnitFile(text.text, rel) : { unreadable: text.diagnostic };
  });
}
