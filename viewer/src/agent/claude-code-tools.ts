// SPDX-License-Identifier: AGPL-3.0-or-later
// The built-in tools of the assistant CLI (Claude Code), as the CLI declares them: each tool whose input
// its npm package declares in sdk-tools.d.ts (`ToolInputSchemas`), by the name the CLI knows it by, and
// the few it has without a declaration there; and what each can do. rr's allowed and denied tool lists
// are built from this table (agent-cli-arguments.ts): an Ask turn gets the `read` tools, the MCP
// resource tools come with rr's own servers, and every other tool is denied by name. The tests hold the
// table to the installed CLI (test/agent/real-cli-tools.test.ts): every declaration must be here, every
// tool the CLI lists must be here, and every name denied must be one the CLI knows (an unknown name in
// `--disallowedTools` makes it warn on every run). A tool a newer CLI adds fails those tests until it is
// judged here; until then the guard kills a turn whose init lists it.

/** What a tool can do, as far as rr's turn is concerned. */
export type ToolEffect =
  /** reads files (checked by rr's guard against the turn's folders) */
  | 'read'
  /** lists or reads resources of the configured MCP servers (rr's own only, with a strict configuration) */
  | 'mcp-resource'
  | 'write'
  | 'execute'
  | 'web'
  /** starts another agent, a workflow or a task that acts on its own */
  | 'agent'
  /** schedules work, talks to the user or the terminal, changes the session's mode */
  | 'session';

/** One built-in tool. */
export interface BuiltinTool {
  /** the name in `--tools`, `--disallowedTools` and the init message */
  name: string;
  /** the input's declaration in sdk-tools.d.ts, or null when it has none there */
  declaration: string | null;
  effect: ToolEffect;
  /** other names the CLI reports or accepts for it (older names) */
  aliases?: readonly string[];
}

/** Claude Code's built-in tools (declarations of 2.1.197; names as the CLI knows them). */
export const CLAUDE_CODE_TOOLS: readonly BuiltinTool[] = [
  { name: 'Read', declaration: 'FileReadInput', effect: 'read' },
  { name: 'Grep', declaration: 'GrepInput', effect: 'read' },
  { name: 'Glob', declaration: 'GlobInput', effect: 'read' },
  { name: 'ListMcpResourcesTool', declaration: 'ListMcpResourcesInput', effect: 'mcp-resource' },
  { name: 'ReadMcpResourceTool', declaration: 'ReadMcpResourceInput', effect: 'mcp-resource' },
  { name: 'ReadMcpResourceDirTool', declaration: 'ReadMcpResourceDirInput', effect: 'mcp-resource' },
  { name: 'Edit', declaration: 'FileEditInput', effect: 'write' },
  { name: 'Write', declaration: 'FileWriteInput', effect: 'write' },
  { name: 'NotebookEdit', declaration: 'NotebookEditInput', effect: 'write' },
  { name: 'Projects', declaration: 'ProjectsInput', effect: 'write' },
  { name: 'Artifact', declaration: 'ArtifactInput', effect: 'write' },
  { name: 'EnterWorktree', declaration: 'EnterWorktreeInput', effect: 'write' },
  { name: 'ExitWorktree', declaration: 'ExitWorktreeInput', effect: 'write' },
  { name: 'Bash', declaration: 'BashInput', effect: 'execute' },
  { name: 'TaskOutput', declaration: 'TaskOutputInput', effect: 'execute', aliases: ['BashOutput'] },
  { name: 'TaskStop', declaration: 'TaskStopInput', effect: 'execute', aliases: ['KillShell'] },
  { name: 'REPL', declaration: 'REPLInput', effect: 'execute' },
  { name: 'Monitor', declaration: 'MonitorInput', effect: 'execute' },
  { name: 'PowerShell', declaration: null, effect: 'execute' },
  { name: 'LSP', declaration: null, effect: 'execute' },
  { name: 'WebFetch', declaration: 'WebFetchInput', effect: 'web' },
  { name: 'WebSearch', declaration: 'WebSearchInput', effect: 'web' },
  { name: 'RemoteTrigger', declaration: 'RemoteTriggerInput', effect: 'web' },
  { name: 'PushNotification', declaration: 'PushNotificationInput', effect: 'web' },
  { name: 'Agent', declaration: 'AgentInput', effect: 'agent', aliases: ['Task'] },
  { name: 'Workflow', declaration: 'WorkflowInput', effect: 'agent' },
  { name: 'SendMessage', declaration: null, effect: 'agent' },
  { name: 'Skill', declaration: null, effect: 'agent' },
  { name: 'TaskCreate', declaration: 'TaskCreateInput', effect: 'agent' },
  { name: 'TaskGet', declaration: 'TaskGetInput', effect: 'agent' },
  { name: 'TaskUpdate', declaration: 'TaskUpdateInput', effect: 'agent' },
  { name: 'TaskList', declaration: 'TaskListInput', effect: 'agent' },
  { name: 'CronCreate', declaration: 'CronCreateInput', effect: 'session' },
  { name: 'CronDelete', declaration: 'CronDeleteInput', effect: 'session' },
  { name: 'CronList', declaration: 'CronListInput', effect: 'session' },
  { name: 'ScheduleWakeup', declaration: 'ScheduleWakeupInput', effect: 'session' },
  { name: 'TodoWrite', declaration: 'TodoWriteInput', effect: 'session' },
  { name: 'ReportFindings', declaration: 'ReportFindingsInput', effect: 'session' },
  { name: 'AskUserQuestion', declaration: 'AskUserQuestionInput', effect: 'session' },
  { name: 'EnterPlanMode', declaration: 'EnterPlanModeInput', effect: 'session' },
  { name: 'ExitPlanMode', declaration: 'ExitPlanModeInput', effect: 'session' },
  { name: 'ShowOnboardingRolePicker', declaration: 'ShowOnboardingRolePickerInput', effect: 'session' },
];

/**
 * Declarations of sdk-tools.d.ts that are no built-in tool: `McpInput` is the input of any MCP server's
 * tool (`mcp__<server>__<tool>`), which the guard checks by server.
 */
export const NOT_BUILTIN_DECLARATIONS = ['McpInput'] as const;

/**
 * Tools the CLI may list beside rr's servers that appear in no declaration and read nothing: ToolSearch
 * loads the descriptions of MCP tools the CLI holds back when there are many (versions that have it). A
 * tool it helps find is checked by name when it is called.
 */
export const MCP_HELPER_TOOLS = ['ToolSearch'] as const;

/** The names of the tools with one of these effects. */
export function toolsWith(...effects: ToolEffect[]): string[] {
  return CLAUDE_CODE_TOOLS.filter((t) => effects.includes(t.effect)).map((t) => t.name);
}

/** The catalogued tool a name (or alias) the CLI reports stands for, or undefined. */
export function builtinTool(name: string): BuiltinTool | undefined {
  return CLAUDE_CODE_TOOLS.find((t) => t.name === name || t.aliases?.includes(name));
}
