// SPDX-License-Identifier: AGPL-3.0-or-later
// Turns the bytes of one events/*.json file into an event or a problem the state can show.
import { jsonErrorOffset } from 'rules-rr/core/model/json-error-offset.js';
import { checkLiveEvent } from '../telemetry/event-schema.js';
import type { LiveEvent } from '../telemetry/live-event.js';

/** Why a file is not (yet) an event. */
export type FileProblemKind = 'truncated' | 'malformed' | 'invalid';

export interface FileProblem {
  kind: FileProblemKind;
  message: string;
  line?: number;
  column?: number;
}

export type FileCheck = { ok: true; event: LiveEvent } | { ok: false; problem: FileProblem };

/**
 * Parses and checks an event file's text. `truncated` means the text stops before the JSON value ends
 * (a writer may still be writing it); `malformed` is broken JSON; `invalid` is JSON that is not a
 * pnr-live-event-v1 event.
 */
export function checkEventText(text: string): FileCheck {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const offset = jsonErrorOffset(text) ?? text.length;
    const { line, column } = position(text, offset);
    if (offset >= text.trimEnd().length)
      return {
        ok: false,
        problem: {
          kind: 'truncated',
          message:
            text.trim() === ''
              ? 'the file is empty; writers must write to a temporary name and rename it into events/'
              : `the JSON ends early at line ${line}; the file is truncated (a writer must write to a temporary name and rename it)`,
          line,
          column,
        },
      };
    return {
      ok: false,
      problem: {
        kind: 'malformed',
        message: `not JSON at line ${line}, column ${column}: ${(error as Error).message.replace(/ in JSON at position \d+.*$/, '')}`,
        line,
        column,
      },
    };
  }
  const check = checkLiveEvent(value);
  if (check.ok) return check;
  return {
    ok: false,
    problem: { kind: 'invalid', message: `not a pnr-live-event-v1 event: ${check.problems.join('; ')}` },
  };
}

function position(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text[i] === '\n') {
      line++;
      start = i + 1;
    }
  }
  return { line, column: offset - start + 1 };
}
