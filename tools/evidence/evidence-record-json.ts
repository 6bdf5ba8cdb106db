// Evidence records, records/<stem>.json: results of tests that no runner reports (docs/evidence.md,
// "Records"; schemas/record.schema.json).
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { findNodeAtLocation, parseTree, type Node as JsonNode } from 'jsonc-parser';
import { LineCounter, parseDocument } from 'yaml';
import { bundledSchema } from '../model/bundled-schema.js';
import { schemaValidator } from '../model/precompiled-validator.js';
import { diagnostic, type Diagnostic } from '../model/diagnostic.js';
import { jsonErrorOffset } from '../model/json-error-offset.js';
import { keyNodeAtPath, nodeAtPath } from '../model/node-positions.js';
import type { CaseObservation } from './case-observation.js';
import { firstLine } from './case-result.js';
import { byCodePoint } from '../model/code-point-order.js';
import { explainEvidenceRecordError } from './evidence-record-schema-errors.js';
import type { Attachment, CaseResult, EvidenceRecordInfo } from './test-case.js';
import { LineIndex } from '../sources/line-index.js';

/** The cases and record block of one record file, or the diagnostics that reject it. */
export interface EvidenceRecordJson {
  record?: EvidenceRecordInfo;
  cases: CaseObservation[];
  diagnostics: Diagnostic[];
}

/** A record file's JSON as the schema allows it. */
interface EvidenceRecordDocument {
  record?: EvidenceRecordInfo;
  cases: {
    path: string;
    result: CaseResult;
    level?: string;
    tags?: string[];
    message?: string;
    attachments?: Attachment[];
  }[];
}

let validator: { validate: ValidateFunction<EvidenceRecordDocument>; casesAlone: boolean } | undefined;

function compiled(): { validate: ValidateFunction<EvidenceRecordDocument>; casesAlone: boolean } {
  if (validator === undefined) {
    const schema = bundledSchema('record.schema.json');
    validator = {
      validate: schemaValidator('record.schema.json', schema),
      casesAlone: casesCheckedAlone(schema),
    };
  }
  return validator;
}

/**
 * Whether the schema checks each case on its own and after the rest of the record (`cases` is its last
 * property and says nothing about the list as a whole), so that checking the cases a slice at a time
 * gives the same errors in the same order as checking the record whole.
 */
function casesCheckedAlone(schema: Record<string, unknown>): boolean {
  const properties = schema.properties as Record<string, Record<string, unknown>> | undefined;
  const names = Object.keys(properties ?? {});
  const cases = properties?.cases;
  return (
    names[names.length - 1] === 'cases' &&
    cases !== undefined &&
    Object.keys(cases).every((key) => key === 'description' || key === 'type' || key === 'items')
  );
}

// ajv gathers the errors of a list's items by copying all those so far for every item that has any: a
// record whose every case breaks the schema cost the square of its cases. Checked this many at a time,
// a copy holds the errors of at most this many cases.
const CASES_PER_CHECK = 64;

/** The schema errors of a parsed record, in the order ajv gives them for the whole record; [] when valid. */
function schemaErrors(value: unknown): ErrorObject[] {
  const { validate, casesAlone } = compiled();
  const cases = (value as { cases?: unknown } | null)?.cases;
  if (!casesAlone || typeof value !== 'object' || Array.isArray(value) || !Array.isArray(cases)) {
    return validate(value) ? [] : (validate.errors ?? []);
  }
  const errors: ErrorObject[] = [];
  // The rest of the record first: ajv checks `cases` last.
  if (!validate({ ...value, cases: [] })) for (const error of validate.errors ?? []) errors.push(error);
  for (let start = 0; start < cases.length; start += CASES_PER_CHECK) {
    const some: unknown[] = [];
    for (let i = start; i < Math.min(start + CASES_PER_CHECK, cases.length); i++) some.push(cases[i]);
    if (validate({ cases: some })) continue;
    for (const error of validate.errors ?? []) errors.push(caseErrorAt(error, start));
  }
  return errors;
}

/** An error of a slice's case, with the case's index in the whole record. */
function caseErrorAt(error: ErrorObject, start: number): ErrorObject {
  const index = /^\/cases\/(\d+)/.exec(error.instancePath);
  if (index === null || start === 0) return error;
  const rest = error.instancePath.slice(index[0].length);
  return { ...error, instancePath: `/cases/${start + Number(index[1])}${rest}` };
}

/**
 * Reads a record file's text; `file` is its path relative to the evidence directory. A file that is not
 * JSON or breaks the schema is rejected whole, one diagnostic per problem, so no partial record counts.
 */
export function readEvidenceRecordJson(text: string, file: string): EvidenceRecordJson {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const offset = jsonErrorOffset(text);
    const reason = error instanceof Error ? error.message : String(error);
    return {
      cases: [],
      diagnostics: [
        diagnostic('read-error', 'error', `record not read: not valid JSON: ${reason}`, {
          file,
          ...(offset === undefined ? {} : new LineIndex(text).position(offset)),
        }),
      ],
    };
  }
  const errors = schemaErrors(value);
  if (errors.length > 0) {
    const lines = new LineCounter();
    const doc = parseDocument(text, { lineCounter: lines });
    const diagnostics = errors.map((error) => {
      const { path, key, message } = explainEvidenceRecordError(error, value);
      const node = key === undefined ? nodeAtPath(doc, path) : keyNodeAtPath(doc, path, key);
      const position = node?.range ? lines.linePos(node.range[0]) : undefined;
      return diagnostic('read-error', 'error', `record not read: ${message}`, {
        file,
        line: position?.line,
        column: position?.col,
      });
    });
    return { cases: [], diagnostics };
  }
  const document = value as EvidenceRecordDocument;
  // Where each case starts: jsonc-parser's tree of the text (the yaml package's, kept for the rare
  // rejected record above, costs ten times as much on a process's first record).
  const caseNodes = findNodeAtLocation(parseTree(text) ?? EMPTY_TREE, ['cases'])?.children ?? [];
  const lines = new LineIndex(text);
  const lineOf = (offset: number) => lines.position(offset).line;
  const cases = document.cases.map((entry, index): CaseObservation => {
    const node = caseNodes[index];
    const observation: CaseObservation = {
      path: entry.path,
      result: entry.result,
      flaky: false,
      tags: [...new Set(entry.tags ?? [])].sort(byCodePoint),
      synthetic: false,
      sources: [file],
      at: { file, line: node ? lineOf(node.offset) : undefined },
    };
    if (entry.level !== undefined) observation.level = entry.level;
    const message = firstLine(entry.message);
    if (message !== undefined) observation.message = message;
    if (entry.attachments !== undefined) observation.attachments = entry.attachments;
    return observation;
  });
  return document.record === undefined
    ? { cases, diagnostics: [] }
    : { record: document.record, cases, diagnostics: [] };
}

const EMPTY_TREE: JsonNode = { type: 'null', offset: 0, length: 0 };
