// SPDX-License-Identifier: AGPL-3.0-or-later
// The viewer's Host and Origin rules for tools/http, from its names (listener-addresses.ts), which are
// known only once it listens, so each request reads them afresh (docs/viewer-api.md, "Network rules").

import type { HostRule } from 'rules-rr/core/http/host-guard.js';
import type { OriginRule } from 'rules-rr/core/http/origin-guard.js';
import type { ViewerNames } from './listener-addresses.js';

/** A Host names the viewer when its name and port (80 when absent) are one of the viewer's. */
export function viewerHostRule(names: () => ViewerNames): HostRule {
  return {
    accepts: ({ name, port = 80 }) => {
      const n = names();
      return n.hostPorts.has(`${name}:${port}`) || (n.hosts.has(name) && n.ports.has(port));
    },
    code: 'host-not-allowed',
    message: (header) =>
      `Host ${JSON.stringify(header)} is not a name of this viewer; open it as http://127.0.0.1:<port>/ or start it with --allow-host <name>`,
  };
}

/** Writes come from the viewer's own origins or --allow-origin; notes and the assistant need one. */
export function viewerOriginRule(names: () => ViewerNames): OriginRule {
  return {
    allowed: () => names().origins,
    requiredFor: ['/api/notes', '/api/agent/', '/api/net-labels'],
    missingHint:
      'notes and assistant writes need an Origin header; write from the viewer page (or send Origin: http://127.0.0.1:<port>)',
    refusedHint: 'the viewer accepts its own origins and those given with --allow-origin',
  };
}
