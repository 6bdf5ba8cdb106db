// The Host guard: a request whose Host header is not one of the viewer's names is answered 421. A web
// page on another site can point its own host name at 127.0.0.1 (DNS rebinding) and so reach a loopback
// listener as "same origin"; its requests still carry that foreign name in Host, and are refused here.
import type { FastifyInstance } from 'fastify';
import { sendError } from './api-error.js';
import type { ViewerNames } from './listener-addresses.js';

/** Refuses requests whose Host is not a name of the viewer (names known once it listens). */
export function installHostGuard(app: FastifyInstance, names: () => ViewerNames): void {
  app.addHook('onRequest', async (request, reply) => {
    const host = request.headers.host ?? '';
    if (hostAllowed(host, names())) return;
    await sendError(reply, {
      status: 421,
      code: 'host-not-allowed',
      message: `Host ${JSON.stringify(host)} is not a name of this viewer; open it as http://127.0.0.1:<port>/ or start it with --allow-host <name>`,
    });
  });
}

/** Whether a Host header value names the viewer. */
export function hostAllowed(header: string, names: ViewerNames): boolean {
  const value = header.trim().toLowerCase();
  let name = value;
  let portText: string | undefined;
  if (value.startsWith('[')) {
    const end = value.indexOf(']');
    if (end < 0) return false;
    name = value.slice(0, end + 1);
    const rest = value.slice(end + 1);
    if (rest !== '' && !rest.startsWith(':')) return false;
    portText = rest === '' ? undefined : rest.slice(1);
  } else {
    const colon = value.lastIndexOf(':');
    if (colon >= 0) {
      name = value.slice(0, colon);
      portText = value.slice(colon + 1);
    }
  }
  if (name === '' || (portText !== undefined && !/^\d{1,5}$/.test(portText))) return false;
  const port = portText === undefined ? 80 : Number(portText);
  return names.hostPorts.has(`${name}:${port}`) || (names.hosts.has(name) && names.ports.has(port));
}
