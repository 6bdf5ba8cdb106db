// SPDX-License-Identifier: AGPL-3.0-or-later
// Who wrote a viewer record (or a design note, or a control request): the account the viewer runs as
// (notes are written as the user), the client's address as the server saw it, and an optional display
// name the client gives.
import { userInfo } from 'node:os';
import type { FieldReader } from './json-shape-check.js';

/** The author of a viewer record. */
export interface ViewerRecordAuthor {
  user: string;
  address: string;
  name?: string;
  /** Set when the Ask agent wrote it, for the user at `address` who asked (docs/viewer-agent.md). */
  agent?: AgentAuthorMark;
}

/** Which assistant wrote a record, and in which conversation. */
export interface AgentAuthorMark {
  /** The assistant CLI's model. */
  model: string;
  conversation: string;
}

let account: string | undefined;

/** The account this process runs as. */
export function viewerAccount(): string {
  if (account === undefined) {
    try {
      account = userInfo().username;
    } catch {
      account = process.env.USER ?? process.env.USERNAME ?? 'unknown';
    }
  }
  return account;
}

/** The author of a request from `address`, with the name from the body's `author: {name}` if any. */
export function viewerRecordAuthor(
  address: string,
  body: FieldReader | undefined,
  agent?: AgentAuthorMark,
): ViewerRecordAuthor {
  const name = body?.object('author', ['name'])?.string('name', { max: 100, min: 1 });
  return {
    user: viewerAccount(),
    address,
    ...(name !== undefined ? { name } : {}),
    ...(agent ? { agent } : {}),
  };
}
