// SPDX-License-Identifier: AGPL-3.0-or-later
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { viewerSchema } from '../viewer-package.js';
import type { LiveEvent } from './live-event.js';

let validator: ValidateFunction | undefined;

/** The bundled pnr-live-event-v1 JSON Schema as parsed JSON. */
export function liveEventSchema(): Record<string, unknown> {
  return viewerSchema('pnr-live-event-v1.schema.json');
}

function compiled(): ValidateFunction {
  validator ??= new Ajv2020({ allErrors: true, strict: true }).compile(liveEventSchema());
  return validator;
}

/** Compiles the event checker now rather than at the first event read (the viewer does it at startup). */
export function prepareLiveEventCheck(): void {
  compiled();
}

/** The outcome of checking one parsed event file against pnr-live-event-v1. */
export type EventCheck = { ok: true; event: LiveEvent } | { ok: false; problems: string[] };

/** Checks a parsed JSON value against pnr-live-event-v1; problems are short sentences naming the field. */
export function checkLiveEvent(value: unknown): EventCheck {
  const validate = compiled();
  if (validate(value)) return { ok: true, event: value as LiveEvent };
  return { ok: false, problems: explain(validate.errors ?? []) };
}

function explain(errors: ErrorObject[]): string[] {
  // ajv reports a failed `then` as an extra `if` error, and a property it could not evaluate because its
  // kind's branch failed also as unevaluated; keep the errors that say what to fix.
  const useful = errors.filter((e) => e.keyword !== 'if');
  const failedBranch = useful.some((e) => e.keyword !== 'unevaluatedProperties');
  const messages = new Set<string>();
  for (const error of useful) {
    const where = error.instancePath === '' ? 'the event' : `"${error.instancePath.slice(1)}"`;
    const params = error.params as Record<string, unknown>;
    switch (error.keyword) {
      case 'unevaluatedProperties':
        if (failedBranch && error.instancePath === '') continue;
        messages.add(`${where} has unknown field "${String(params.unevaluatedProperty)}"`);
        break;
      case 'additionalProperties':
        messages.add(`${where} has unknown field "${String(params.additionalProperty)}"`);
        break;
      case 'required':
        messages.add(`${where} is missing required field "${String(params.missingProperty)}"`);
        break;
      case 'enum':
        messages.add(`${where} must be one of ${(params.allowedValues as unknown[]).join(', ')}`);
        break;
      case 'const':
        messages.add(`${where} must be ${JSON.stringify(params.allowedValue)}`);
        break;
      case 'pattern':
        messages.add(`${where} ${patternRule(error.schemaPath)}`);
        break;
      default:
        messages.add(`${where} ${error.message ?? 'is invalid'}`);
    }
  }
  return [...messages];
}

/** What a pattern asks for, in words. */
function patternRule(schemaPath: string): string {
  if (schemaPath.includes('/id/'))
    return 'must be an id: letters, digits, ".", "_", ":", "-", starting with a letter or digit, at most 128 characters';
  if (schemaPath.includes('/checkpointRef/')) return 'must be boards/<sha256 of the file>.<extension>';
  if (schemaPath.includes('/run_dir/'))
    return 'must be a path relative to the experiment folder, with "/" separators and no ".."';
  if (schemaPath.includes('/time/')) return 'must be an RFC 3339 time such as 2025-06-01T12:00:00Z';
  return 'has the wrong form';
}
