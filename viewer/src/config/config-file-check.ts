// SPDX-License-Identifier: AGPL-3.0-or-later
// Checks the two TOML files: the project config (pnr-viewer-v1, no machine settings) and the user machine
// config (machine settings only). Every problem names the file and the key's line.
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { viewerSchema } from '../viewer-package.js';
import { closestName } from 'rules-rr/core/model/spelling.js';
import { valueAt, type ConfigProblem, type TomlDocument } from './toml-file.js';
import { SETTING_NAMES, settingSpec, VIEWER_CONFIG_SCHEMA } from './viewer-settings.js';

let validator: ValidateFunction | undefined;

/** The bundled pnr-viewer-v1 JSON Schema as parsed JSON. */
export function viewerConfigSchema(): Record<string, unknown> {
  return viewerSchema('pnr-viewer-v1.schema.json');
}

/** `[design.hdl] root` for a key path, `root` for a top-level key. */
export function keyName(path: readonly string[]): string {
  return path.length === 1 ? path[0]! : `[${path.slice(0, -1).join('.')}] ${path.at(-1)!}`;
}

const MACHINE = SETTING_NAMES.filter((n) => settingSpec(n).machine).map((n) => ({
  name: n,
  spec: settingSpec(n),
}));

/** Problems of the project config file given with --config. */
export function checkProjectFile(doc: TomlDocument, machineFileHint: string): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const at = (path: readonly string[], message: string): ConfigProblem => ({
    file: doc.file,
    line: doc.lineOf(path),
    message,
  });
  const value = structuredClone({ ...doc.value });
  for (const { spec } of MACHINE) {
    const path = spec.machine!;
    if (valueAt(value, path) === undefined) continue;
    problems.push(
      at(
        path,
        `${keyName(path)} is a machine setting and does not belong in the project config: set it in ${machineFileHint}, with ${spec.env!.join(' or ')}, or with ${spec.flag}`,
      ),
    );
    // Leave it out of the schema check so it is reported once.
    const table = valueAt(value, path.slice(0, -1)) as Record<string, unknown>;
    delete table[path.at(-1)!];
    if (Object.keys(table).length === 0 && path.length === 2)
      delete (value as Record<string, unknown>)[path[0]!];
  }
  validator ??= new Ajv2020({ allErrors: true, strict: true }).compile(viewerConfigSchema());
  if (!validator(value))
    for (const error of validator.errors ?? []) problems.push(explain(doc, error, value));
  return problems;
}

function explain(doc: TomlDocument, error: ErrorObject, value: Record<string, unknown>): ConfigProblem {
  const path = error.instancePath.split('/').slice(1);
  const params = error.params as Record<string, unknown>;
  const name = keyName(path);
  const got = JSON.stringify(valueAt(value, path));
  const at = (p: readonly string[], message: string): ConfigProblem => ({
    file: doc.file,
    line: doc.lineOf(p),
    message,
  });
  switch (error.keyword) {
    case 'additionalProperties': {
      const key = String(params.additionalProperty);
      const full = [...path, key];
      const flagOnly = SETTING_NAMES.map(settingSpec).find(
        (s) => s.flagOnlyBecause && s.flag.slice(2).replace(/-/g, '_') === key,
      );
      if (flagOnly)
        return at(
          full,
          `${keyName(full)}: ${flagOnly.flag} is a flag only, because ${flagOnly.flagOnlyBecause}`,
        );
      const known = Object.keys(schemaAt(path)?.properties ?? {});
      const near = closestName(key, known);
      return at(
        full,
        `unknown key ${keyName(full)}${near ? `; did you mean "${near}"?` : `; ${path.length ? `[${path.join('.')}]` : 'the top level'} holds ${known.join(', ')}`}`,
      );
    }
    case 'required':
      return {
        file: doc.file,
        line: 1,
        message: `missing schema = "${VIEWER_CONFIG_SCHEMA}" at the top of the file (it says which format the file is in)`,
      };
    case 'const':
      return at(path, `schema must be "${VIEWER_CONFIG_SCHEMA}"; got ${got}`);
    case 'type':
      return at(
        path,
        `${name} must be ${params.type === 'integer' ? 'a whole number' : `a ${String(params.type)}`}; got ${got}`,
      );
    case 'minimum':
    case 'maximum':
      return at(path, `${name} must be from 0 to 65535; got ${got}`);
    case 'minLength':
      return at(path, `${name} must not be empty`);
    default:
      return at(path, `${name} ${error.message ?? 'is invalid'}`);
  }
}

/** The schema node describing an object at a key path (for listing its keys). */
function schemaAt(path: readonly string[]): Record<string, unknown> | undefined {
  let node: Record<string, unknown> | undefined = viewerConfigSchema();
  for (const key of path)
    node = (node?.properties as Record<string, Record<string, unknown>> | undefined)?.[key];
  return node;
}

/** Problems of the user machine config: only machine settings, each a non-empty string. */
export function checkMachineFile(doc: TomlDocument): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const allowed = new Map(MACHINE.map(({ spec }) => [spec.machine!.join('.'), spec]));
  const walk = (node: Record<string, unknown>, path: string[]) => {
    for (const [key, v] of Object.entries(node)) {
      const here = [...path, key];
      const spec = allowed.get(here.join('.'));
      if (spec) {
        if (typeof v !== 'string' || v === '')
          problems.push({
            file: doc.file,
            line: doc.lineOf(here),
            message: `${keyName(here)} must be a path (a non-empty string)`,
          });
        continue;
      }
      if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
        walk(v as Record<string, unknown>, here);
        continue;
      }
      const project = SETTING_NAMES.map(settingSpec).find((s) => s.file?.join('.') === here.join('.'));
      problems.push({
        file: doc.file,
        line: doc.lineOf(here),
        message: project
          ? `${keyName(here)} is a project setting; the machine config holds only [pcb] cli, [pcb] python and [agent] cli: put it in the project config (--config) or pass ${project.flag}`
          : `unknown key ${keyName(here)}; the machine config holds only [pcb] cli, [pcb] python and [agent] cli`,
      });
    }
  };
  walk(doc.value, []);
  return problems;
}
