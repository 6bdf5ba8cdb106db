// Defence against DNS rebinding (spec 2, Authentication 2): a request whose Host header is not a
// local name, the bind address or a name given with --allow-host is refused before any route runs.
import type { FastifyInstance } from 'fastify';

const LOCAL_NAMES = ['localhost', '127.0.0.1', '::1'];
const WILDCARDS = new Set(['0.0.0.0', '::', '']);

/** The Host names a server accepts: local names, the bind address (unless a wildcard) and extras. */
export function acceptedHosts(bindHost: string, extra: readonly string[]): Set<string> {
  const names = new Set(LOCAL_NAMES);
  const bind = bindHost.replace(/^\[|\]$/g, '').toLowerCase();
  if (!WILDCARDS.has(bind)) names.add(bind);
  for (const name of extra) names.add(name.replace(/^\[|\]$/g, '').toLowerCase());
  return names;
}

/** The name part of a Host header ("example.com:8080" → "example.com", "[::1]:80" → "::1"). */
export function hostName(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const v6 = /^\[([^\]]+)\](?::\d+)?$/.exec(header);
  if (v6) return v6[1]!.toLowerCase();
  const plain = /^([^:[\]]+)(?::\d+)?$/.exec(header);
  return plain ? plain[1]!.toLowerCase() : undefined;
}

/** Refuses (403 `bad-host`) every request whose Host is not accepted. */
export function registerHostGuard(app: FastifyInstance, accepted: ReadonlySet<string>): void {
  app.addHook('onRequest', async (request, reply) => {
    const name = hostName(request.headers.host);
    if (name !== undefined && accepted.has(name)) return;
    await reply.code(403).send({
      code: 'bad-host',
      message: `Host "${request.headers.host ?? ''}" is not accepted; open the editor at a local address, or start it with --allow-host NAME`,
    });
  });
}
