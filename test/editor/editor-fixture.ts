// The editor server in the test process, listening on loopback, driven over real HTTP (node:http, so a
// test can send any Host or header), plus evidence written as JUnit XML for the one-owner tests.
import { request as httpRequest } from 'node:http';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { onTestFinished } from 'vitest';
import { stringify } from 'yaml';
import { ModelSession } from '../../tools/app/model-session.js';
import { buildEditorServer } from '../../tools/editor/editor-server.js';
import { parseAuthor } from '../../tools/git/author-text.js';
import { GitClient } from '../../tools/git/git-client.js';
import type { WorksheetSink } from '../../tools/agents/jobs/worksheet-sink.js';
import type { LlmSetup } from '../../tools/agents/llm/llm-availability.js';

/** A running editor. */
export interface Editor {
  url: URL;
  session: ModelSession;
  /** sends a request; mutating ones carry X-RR-Request: 1 unless `headers` says otherwise */
  call: (method: string, path: string, body?: unknown, headers?: Record<string, string>) => Promise<Reply>;
  /** the version of an entity as the editor shows it */
  version: (id: string) => Promise<string>;
  /** saves an entity with some fields changed (PUT), quoting the version it has now */
  update: (id: string, fields: Record<string, unknown>) => Promise<Reply>;
}

/** An HTTP answer. */
export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** How to start an editor. */
export interface EditorSetup {
  evidence?: string;
  token?: string;
  author?: string;
  allowHosts?: string[];
  /** the checkout root (default: the model directory) */
  root?: string;
  bodyLimit?: number;
  targetGroups?: Map<string, Set<string>>;
  /** the LLM side (default: unavailable) */
  llm?: LlmSetup;
  worksheet?: WorksheetSink;
}

/** Starts an editor over a model directory; it is closed when the test ends. */
export async function startEditor(modelDir: string, setup: EditorSetup = {}): Promise<Editor> {
  const git = await GitClient.open(modelDir);
  const author = setup.author ? parseAuthor(setup.author) : undefined;
  const session = await ModelSession.open({
    modelPath: modelDir,
    evidenceDir: setup.evidence,
    root: setup.root ?? git?.root ?? modelDir,
    sourcesRoot: setup.root ?? modelDir,
    targetGroups: setup.targetGroups ?? new Map(),
  });
  const app = buildEditorServer({
    session,
    git,
    host: '127.0.0.1',
    allowHosts: setup.allowHosts ?? [],
    token: setup.token,
    author,
    ...(setup.llm ? { llm: setup.llm } : {}),
    ...(setup.worksheet ? { worksheet: setup.worksheet } : {}),
    uiDir: undefined,
    bodyLimit: setup.bodyLimit,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  onTestFinished(() => app.close());
  const address = app.server.address() as { port: number };
  const url = new URL(`http://127.0.0.1:${address.port}/`);
  const auth: Record<string, string> = setup.token ? { authorization: `Bearer ${setup.token}` } : {};
  const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    send(url, method, path, body, {
      ...auth,
      ...(method === 'GET' ? {} : { 'x-rr-request': '1' }),
      ...headers,
    });
  const version = async (id: string) => {
    const reply = await call('GET', `/api/entities/${encodeURIComponent(id)}`);
    if (reply.status !== 200) throw new Error(`GET ${id}: ${reply.status} ${reply.text}`);
    return reply.body.entity.version as string;
  };
  const update = async (id: string, fields: Record<string, unknown>) => {
    const entity = (await call('GET', `/api/entities/${encodeURIComponent(id)}`)).body.entity;
    return call('PUT', `/api/entities/${encodeURIComponent(id)}`, {
      data: { ...entity.data, ...fields },
      version: entity.version,
    });
  };
  return { url, session, call, version, update };
}

/** One HTTP request over a real socket; `body` is sent as JSON unless it is a string. */
export function send(
  url: URL,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Reply> {
  const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: {
          ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown;
          try {
            parsed = JSON.parse(text);
          } catch {
            parsed = undefined; // not JSON: the test reads `text`
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body: parsed });
        });
      },
    );
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

/** One case of a JUnit file: `Class/name`, with optional tags and result. */
export interface CaseSpec {
  path: string;
  tags?: string[];
  failed?: boolean;
}

/** Writes `<pkg>/<name>/test.xml` for each target label ("//pkg:name") under an evidence directory. */
export async function writeEvidence(dir: string, targets: Record<string, CaseSpec[]>): Promise<void> {
  for (const [label, cases] of Object.entries(targets)) {
    const [pkg, name] = label.replace(/^\/\//, '').split(':') as [string, string];
    const body = cases
      .map((c) => {
        const [classname, caseName] = c.path.split('/') as [string, string];
        const props = (c.tags ?? []).map((t) => `<property name="requirement" value="${t}"/>`).join('');
        const failure = c.failed ? '<failure message="boom"/>' : '';
        return `    <testcase classname="${classname}" name="${caseName}">${props ? `<properties>${props}</properties>` : ''}${failure}</testcase>`;
      })
      .join('\n');
    const file = join(dir, pkg, name, 'test.xml');
    await mkdir(dirname(file), { recursive: true });
    await writeFile(
      file,
      `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites>\n  <testsuite name="${name}">\n${body}\n  </testsuite>\n</testsuites>\n`,
    );
  }
}

/** Writes a model as YAML files (name → document) into a directory. */
export async function writeModel(dir: string, files: Record<string, unknown>): Promise<void> {
  for (const [name, doc] of Object.entries(files)) {
    await mkdir(dirname(join(dir, name)), { recursive: true });
    await writeFile(join(dir, name), typeof doc === 'string' ? doc : stringify(doc));
  }
}
