// SPDX-License-Identifier: AGPL-3.0-or-later
// A fake of the assistant CLI (Claude Code in headless mode) for rr's tests: it takes the same flags
// (and refuses any other, as the real one does), reads the prompt from stdin and writes the same
// stream-json lines (system/init with tools and MCP servers, stream_event partial messages, assistant
// messages with tool calls, user tool results, result with total_cost_usd). Tool calls to the MCP servers
// of --mcp-config are made through a real MCP client.
//
// FAKE_CLI_MODE: answer (default) | over-budget | no-cost | hang | extra-tool | extra-server | late-tool |
// read-outside, or `[mode:…]` in the question. In answer mode the question picks the work: "note" adds a
// note, "fetch URL" and "search WORDS" use rr-web, "read PATH" reads a file with the built-in Read tool.
// FAKE_CLI_COST: the cost it reports (default 0.25). FAKE_CLI_LOG: a file it appends one JSON line per
// run to (its arguments and prompt). FAKE_CLI_PID_FILE: where a started helper process writes its pid
// (modes hang, extra-server and read-outside start one, so a test can see the whole process group go).
import { spawn } from 'node:child_process';
import { homedir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import { setInterval, setTimeout } from 'node:timers';
import { URL } from 'node:url';
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { parseClaudeArguments } from './claude-flags.mjs';

const args = process.argv.slice(2);
const parsed = parseClaudeArguments(args);
if (parsed.error) fail(parsed.error);
/** The (first) value of a flag. */
const option = (name) => parsed.options.get(name)?.[0];
const out = (message) => process.stdout.write(JSON.stringify(message) + '\n');
const session_id = '00000000-0000-4000-8000-000000000001';

if (parsed.options.has('--version')) {
  process.stdout.write(`${process.env.FAKE_CLI_VERSION ?? '2.1.197'} (Claude Code)\n`);
  process.exit(0);
}
if (!parsed.options.has('--print')) fail('Error: this fake only runs in print mode (-p)');
if (option('--output-format') === 'stream-json' && !parsed.options.has('--verbose'))
  fail('Error: When using --print, --output-format=stream-json requires --verbose');
const budget = Number(option('--max-budget-usd') ?? 'NaN');
const model = option('--model') ?? 'default';
const prompt = readFileSync(0, 'utf8');
// A question can pick the mode itself (`[mode:hang] …`), for tests that drive the fake from a page.
const mode =
  /\[mode:([a-z-]+)\]/.exec(prompt.split('New question: ').at(-1))?.[1] ??
  process.env.FAKE_CLI_MODE ??
  'answer';
if (process.env.FAKE_CLI_LOG)
  appendFileSync(
    process.env.FAKE_CLI_LOG,
    JSON.stringify({ args, prompt, cwd: process.cwd(), mcpConfig: mcpConfig() }) + '\n',
  );

// An older CLI, as rr must not run it silently: one without a flag rr passes (its argument parser's
// refusal), or one whose init lacks a tool rr relies on. The real CLI (2.1.197) has both.
if (mode === 'old-flag') fail("error: unknown option '--strict-mcp-config'");

function fail(message) {
  process.stderr.write(message + '\n');
  process.exit(1);
}

/** The MCP configuration of --mcp-config (a file or inline JSON). */
function mcpConfig() {
  const config = option('--mcp-config');
  if (!config) return undefined;
  return JSON.parse(existsSync(config) ? readFileSync(config, 'utf8') : config);
}

/** The MCP servers of --mcp-config, connected with a real MCP client. */
async function connectServers() {
  const config = mcpConfig();
  if (!config) return [];
  const servers = [];
  for (const [name, spec] of Object.entries(config.mcpServers ?? {})) {
    const client = new Client({ name: 'fake-claude', version: '0.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(spec.url), { requestInit: { headers: spec.headers ?? {} } }),
    );
    const { tools } = await client.listTools();
    servers.push({ name, client, tools: tools.map((t) => t.name) });
  }
  return servers;
}

function startHelper() {
  const helper = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  if (process.env.FAKE_CLI_PID_FILE) writeFileSync(process.env.FAKE_CLI_PID_FILE, String(helper.pid));
}

function streamText(text) {
  out({
    type: 'stream_event',
    event: { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
    parent_tool_use_id: null,
    session_id,
  });
  for (const piece of text.match(/\S+\s*/g) ?? [])
    out({
      type: 'stream_event',
      event: { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: piece } },
      parent_tool_use_id: null,
      session_id,
    });
  out({
    type: 'stream_event',
    event: { type: 'content_block_stop', index: 0 },
    parent_tool_use_id: null,
    session_id,
  });
  out({
    type: 'assistant',
    message: { role: 'assistant', model, content: [{ type: 'text', text }] },
    parent_tool_use_id: null,
    session_id,
  });
}

/** A tool call as the CLI streams it: announced, its input in pieces, then the whole message. */
function streamToolCall(name, input, id) {
  const event = (e) => out({ type: 'stream_event', event: e, parent_tool_use_id: null, session_id });
  event({ type: 'content_block_start', index: 1, content_block: { type: 'tool_use', id, name, input: {} } });
  const json = JSON.stringify(input);
  const cut = Math.floor(json.length / 2);
  for (const piece of [json.slice(0, cut), json.slice(cut)])
    event({
      type: 'content_block_delta',
      index: 1,
      delta: { type: 'input_json_delta', partial_json: piece },
    });
  event({ type: 'content_block_stop', index: 1 });
  out({
    type: 'assistant',
    message: { role: 'assistant', model, content: [{ type: 'tool_use', id, name, input }] },
    parent_tool_use_id: null,
    session_id,
  });
}

function toolResult(id, text, isError) {
  out({
    type: 'user',
    message: {
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: id, content: text, is_error: isError }],
    },
    parent_tool_use_id: null,
    session_id,
  });
}

async function callTool(servers, server, tool, input, id) {
  streamToolCall(`mcp__${server}__${tool}`, input, id);
  const s = servers.find((x) => x.name === server);
  const result = await s.client.callTool({ name: tool, arguments: input });
  const text = result.content.map((c) => c.text ?? '').join('\n');
  toolResult(id, text, result.isError === true);
  return { text, isError: result.isError === true };
}

/** The built-in Read, done by the fake itself (a real CLI would check its permission rules first). */
function readFile(path, id) {
  streamToolCall('Read', { file_path: path }, id);
  try {
    const text = readFileSync(path, 'utf8');
    toolResult(id, text, false);
    return { text, isError: false };
  } catch (error) {
    toolResult(id, error.message, true);
    return { text: error.message, isError: true };
  }
}

const servers = await connectServers();
const builtin = (parsed.options.get('--tools') ?? ['Bash,Read,Edit,Write,Grep,Glob,WebFetch'])
  .flatMap((v) => v.split(/[ ,]/))
  .filter(Boolean);
const tools = [...builtin, ...servers.flatMap((s) => s.tools.map((t) => `mcp__${s.name}__${t}`))];
const mcp_servers = servers.map((s) => ({ name: s.name, status: 'connected' }));
if (mode === 'extra-tool') tools.push('Bash');
if (mode === 'no-grep') tools.splice(tools.indexOf('Grep'), 1);
if (mode === 'extra-server') {
  startHelper();
  mcp_servers.push({ name: 'filesystem', status: 'connected' });
  tools.push('mcp__filesystem__write_file');
}
out({
  type: 'system',
  subtype: 'init',
  cwd: process.cwd(),
  session_id,
  tools,
  mcp_servers,
  model,
  permissionMode: option('--permission-mode') ?? 'default',
  apiKeySource: 'none',
  claude_code_version: '0.0.0-fake',
  output_style: 'default',
  agents: [],
  skills: [],
  plugins: [],
  slash_commands: [],
  uuid: '00000000-0000-4000-8000-000000000002',
});

if (mode === 'hang') {
  startHelper();
  streamText('Thinking about it…');
  setInterval(() => {}, 1000);
} else {
  if (mode === 'late-tool') {
    streamText('Let me look at the shell.');
    streamToolCall('Bash', { command: 'ls' }, 'toolu_bash');
    await new Promise((r) => setTimeout(r, 60_000));
  }
  if (mode === 'read-outside') {
    // A CLI that did not keep to its permission rules: it reads a key outside the turn's folders.
    startHelper();
    streamText('Let me look at your keys.');
    streamToolCall('Read', { file_path: join(homedir(), '.ssh', 'id_ed25519') }, 'toolu_read');
    await new Promise((r) => setTimeout(r, 60_000));
  }
  let answer;
  if (parsed.options.has('--system-prompt') && option('--tools') === '') {
    // A net-label call: one label line per net of the dossier.
    const nets = [...prompt.matchAll(/^## net (.+)$/gm)].map((m) => m[1].trim());
    answer = nets.map((net) => JSON.stringify({ net, label: `fake label of ${net}` })).join('\n');
  } else {
    const question = prompt.split('New question: ').at(-1).trim();
    if (/\bnote\b/i.test(question) && servers.some((s) => s.name === 'rr-notes')) {
      const made = await callTool(
        servers,
        'rr-notes',
        'add_note',
        {
          kind: 'observation',
          title: `Fake note: ${question.slice(0, 60)}`,
          body: 'Written by the fake assistant CLI.',
          targets: [{ type: 'net', net: 'GND' }],
        },
        'toolu_note',
      );
      answer = made.isError
        ? `I could not add the note: ${made.text}`
        : `I added a note ${JSON.parse(made.text).id} about "${question}".`;
    } else if (/\bsearch (.+)/i.test(question) && servers.some((s) => s.name === 'rr-web')) {
      const query = /\bsearch (.+)/i.exec(question)[1];
      const found = await callTool(servers, 'rr-web', 'web_search', { query }, 'toolu_search');
      answer = found.isError ? `The search was refused: ${found.text}` : `The search found: ${found.text}`;
    } else if (/\bread (\S+)/i.test(question)) {
      const read = readFile(/\bread (\S+)/i.exec(question)[1], 'toolu_read');
      answer = read.isError ? `I could not read it: ${read.text}` : `The file says: ${read.text}`;
    } else if (/\bfetch (\S+)/i.test(question) && servers.some((s) => s.name === 'rr-web')) {
      const url = /\bfetch (\S+)/i.exec(question)[1];
      const page = await callTool(servers, 'rr-web', 'web_fetch', { url }, 'toolu_fetch');
      answer = page.isError ? `The fetch was refused: ${page.text}` : `The page says: ${page.text}`;
    } else {
      answer = `The fake assistant read your question: ${question}`;
    }
  }
  streamText(answer);
  for (const s of servers) await s.client.close();
  // Ends by itself (process.exit could cut stdout, a pipe, short).
  if (mode === 'no-cost') process.exitCode = 1;
  else {
    const overBudget = mode === 'over-budget';
    const cost = overBudget
      ? Math.round(budget * 1.02 * 1e6) / 1e6
      : Number(process.env.FAKE_CLI_COST ?? '0.25');
    out({
      type: 'result',
      subtype: overBudget ? 'error_max_budget_usd' : 'success',
      is_error: overBudget,
      duration_ms: 12,
      duration_api_ms: 10,
      num_turns: 1,
      result: answer,
      session_id,
      total_cost_usd: cost,
      usage: { input_tokens: 10, output_tokens: 20 },
      permission_denials: [],
      uuid: '00000000-0000-4000-8000-000000000003',
    });
  }
}
