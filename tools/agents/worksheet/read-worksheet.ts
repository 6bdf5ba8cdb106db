// Reading a worksheet: YAML (or JSON, a subset of it) checked against schemas/rrplan.schema.json, each
// problem named with its file, line and column.
import { readFile } from 'node:fs/promises';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { LineCounter, parseDocument, type Document } from 'yaml';
import { bundledSchema } from '../../model/bundled-schema.js';
import { MAX_ALIAS_COUNT } from '../../model/parse-documents.js';
import { keyNodeAtPath, lineColumn, nodeAtPath } from '../../model/node-positions.js';
import { pointerSegments } from '../../model/schema-values.js';
import { worksheetKey, type Worksheet, type WorksheetProposal } from './worksheet.js';
import { WorksheetError } from './worksheet-error.js';

/** A worksheet parsed with its document, for surgical rewrites. */
export interface ParsedWorksheet extends Worksheet {
  text: string;
  doc: Document.Parsed;
  lines: LineCounter;
}

interface WorksheetFile {
  rrplan: 1;
  cases: (WorksheetProposal & { accepted?: boolean })[];
}

const FORMAT_HINT = 'see docs/worksheet.md for the worksheet format';

let validator: ValidateFunction<WorksheetFile> | undefined;

/** Reads and checks a worksheet file; WorksheetError names the file, line and problem. */
export async function readWorksheet(file: string): Promise<Worksheet> {
  const { rows } = parseWorksheet(file, await readWorksheetText(file));
  return { file, rows };
}

/** The text of a worksheet file; WorksheetError when it cannot be read. */
export async function readWorksheetText(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw new WorksheetError(`${file}: cannot be read: ${why}`, file);
  }
}

/** Parses and checks a worksheet's text. */
export function parseWorksheet(file: string, text: string): ParsedWorksheet {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: true });
  const problem = doc.errors[0];
  if (problem !== undefined) {
    const at = problem.linePos?.[0];
    throw new WorksheetError(
      `${file}${at ? `:${at.line}:${at.col}` : ''}: not valid YAML: ${problem.message.split('\n')[0]}`,
      file,
      at?.line,
      at?.col,
    );
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (error) {
    throw new WorksheetError(`${file}: not valid YAML: ${(error as Error).message}`, file);
  }
  validator ??= new Ajv2020({ allErrors: true, strict: true }).compile<WorksheetFile>(
    bundledSchema('rrplan.schema.json'),
  );
  if (!validator(value)) throw schemaError(file, doc, lines, validator.errors ?? []);
  const seen = new Map<string, number>();
  const rows = value.cases.map((row, i) => {
    const node = nodeAtPath(doc, ['cases', String(i)]);
    const [line, column] = node?.range ? lineColumn(lines, node.range[0]) : [1, 1];
    const key = worksheetKey(row);
    const first = seen.get(key);
    if (first !== undefined)
      throw new WorksheetError(
        `${file}:${line}:${column}: case ${row.target} ${row.path} has a row already at line ${first}; keep one row per case`,
        file,
        line,
        column,
      );
    seen.set(key, line);
    return {
      target: row.target,
      path: row.path,
      proposed: row.proposed,
      reason: row.reason,
      proposed_by: row.proposed_by,
      accepted: row.accepted === true,
      line,
    };
  });
  return { file, rows, text, doc, lines };
}

/** The first schema problem in words, at the line of the offending key or value. */
function schemaError(
  file: string,
  doc: Document.Parsed,
  lines: LineCounter,
  errors: readonly ErrorObject[],
): WorksheetError {
  // The most specific problem: the deepest path, an unknown key before a wrong type at the same depth.
  const rank = (e: ErrorObject) => (e.keyword === 'additionalProperties' ? 0 : 1);
  const error = [...errors].sort(
    (a, b) =>
      pointerSegments(b.instancePath).length - pointerSegments(a.instancePath).length || rank(a) - rank(b),
  )[0]!;
  const path = pointerSegments(error.instancePath);
  const where = path.length === 0 ? 'the file' : path.join('.');
  let node = nodeAtPath(doc, path);
  let message: string;
  if (error.keyword === 'additionalProperties') {
    const key = (error.params as { additionalProperty: string }).additionalProperty;
    node = keyNodeAtPath(doc, path, key) ?? node;
    message =
      key === 'owner'
        ? `${where}: a worksheet records proposals (proposed, reason, proposed_by), never an owner; rename "owner" to "proposed"`
        : `${where}: unknown field "${key}"; a row has target, path, proposed, reason, proposed_by and accepted`;
  } else if (error.keyword === 'required') {
    const missing = (error.params as { missingProperty: string }).missingProperty;
    message = `${where}: missing field "${missing}"`;
  } else if (error.keyword === 'const' && path.join('.') === 'rrplan') {
    message = `rrplan: this rr reads worksheet format 1`;
  } else if (path.at(-1) === 'proposed') {
    message = `${where}: must be an entity id, or null when the case verifies none`;
  } else {
    message = `${where} ${error.message ?? 'is not valid'}`;
  }
  const [line, column] = node?.range ? lineColumn(lines, node.range[0]) : [1, 1];
  return new WorksheetError(`${file}:${line}:${column}: ${message}; ${FORMAT_HINT}`, file, line, column);
}
