// Evidence records, records/<stem>.json: results of tests that no runner reports (docs/evidence.md,
// "Records"; schemas/record.schema.json).
import type { ValidateFunction } from 'ajv/dist/2020.js';
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

let validator: ValidateFunction<EvidenceRecordDocument> | undefined;

function compiled(): ValidateFunction<EvidenceRecordDocument> {
  validator ??= schemaValidator<EvidenceRecordDocument>(
    'record.schema.json',
    bundledSchema('record.schema.json'),
  );
  return validator;
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
  const validate = compiled();
  if (!validate(value)) {
    const lines = new LineCounter();
    const doc = parseDocument(text, { lineCounter: lines });
    const diagnostics = (validate.errors ?? []).map((error) => {
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
  const document = value;
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
