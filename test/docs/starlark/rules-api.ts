// The public API of a rules package, read from its .bzl files the way bazel-lib's stardoc docs are
// generated: what the entry files (defs.bzl, repositories.bzl) export, followed through their loads
// to the rule(), provider(), aspect(), repository_rule() calls and macros behind them, with every
// attribute's default.
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { logicalLines } from './logical-lines.js';
import { parseStatement, type Expr, type Param, type Statement } from './starlark-statement.js';

/** An attribute (or macro parameter) and its default as Starlark text; `required` when it has none. */
export interface ApiAttribute {
  name: string;
  default: string | 'required';
}

/** One public symbol. */
export type ApiSymbol =
  | { kind: 'rule' | 'macro' | 'repository_rule'; name: string; attributes: ApiAttribute[] }
  | { kind: 'provider'; name: string; fields: string[] }
  | { kind: 'aspect'; name: string };

interface Def {
  params: Param[];
  body: Statement[];
}

interface Module {
  path: string;
  assigns: Map<string, Expr>;
  defs: Map<string, Def>;
  loads: Map<string, { module: string; exported: string }>;
}

/** Defaults an attr.* call has when it names none. */
const IMPLICIT_DEFAULTS: Record<string, string> = {
  bool: 'False',
  int: '0',
  string: '""',
  string_list: '[]',
  int_list: '[]',
  label_list: '[]',
  string_dict: '{}',
  string_list_dict: '{}',
  label_keyed_string_dict: '{}',
  label: 'None',
  output: 'None',
  output_list: '[]',
};

const RULE_FUNCTIONS = new Set(['rule', 'repository_rule', 'aspect', 'provider']);

/** Reads a package's API: `entries` are .bzl paths relative to `root` (e.g. rules/defs.bzl). */
export async function readRulesApi(root: string, entries: readonly string[]): Promise<ApiSymbol[]> {
  const reader = new ApiReader(root);
  const api: ApiSymbol[] = [];
  for (const entry of entries) {
    const module = await reader.module(entry);
    for (const [name, value] of module.assigns) {
      if (!name.startsWith('_')) api.push(await reader.symbol(name, value, module));
    }
    for (const [name, def] of module.defs) {
      if (!name.startsWith('_')) api.push(await reader.macro(name, def, module));
    }
  }
  return api;
}

class ApiReader {
  private readonly modules = new Map<string, Promise<Module>>();

  constructor(private readonly root: string) {}

  /** A .bzl file, read once. */
  module(path: string): Promise<Module> {
    let module = this.modules.get(path);
    if (!module) {
      module = this.read(path);
      this.modules.set(path, module);
    }
    return module;
  }

  private async read(path: string): Promise<Module> {
    const source = await readFile(join(this.root, path), 'utf8');
    const module: Module = { path, assigns: new Map(), defs: new Map(), loads: new Map() };
    let def: Def | undefined;
    for (const line of logicalLines(source)) {
      const statement = parseStatement(line.text, `${path}:${line.line}`);
      if (line.indent > 0) {
        def?.body.push(statement);
        continue;
      }
      def = undefined;
      if (statement.kind === 'load') {
        const target = resolveLoad(path, statement.module);
        for (const s of statement.symbols)
          module.loads.set(s.local, { module: target, exported: s.exported });
      } else if (statement.kind === 'assign') {
        module.assigns.set(statement.target, statement.value);
      } else if (statement.kind === 'def') {
        def = { params: statement.params, body: [] };
        module.defs.set(statement.name, def);
      }
    }
    return module;
  }

  /** What a name means in a module: an expression (with the module it is in) or a def. */
  async resolve(
    name: string,
    module: Module,
  ): Promise<{ expr: Expr; module: Module } | { def: Def; name: string; module: Module } | undefined> {
    const expr = module.assigns.get(name);
    if (expr)
      return expr.kind === 'name'
        ? ((await this.resolve(expr.name, module)) ?? { expr, module })
        : { expr, module };
    const def = module.defs.get(name);
    if (def) return { def, name, module };
    const load = module.loads.get(name);
    if (load) return this.resolve(load.exported, await this.module(load.module));
    return undefined;
  }

  async symbol(name: string, value: Expr, module: Module): Promise<ApiSymbol> {
    const target = value.kind === 'name' ? await this.resolve(value.name, module) : { expr: value, module };
    if (!target) throw new Error(`${module.path}: ${name} = ${value.source}: cannot find ${value.source}`);
    if ('def' in target) return this.macro(name, target.def, target.module);
    const { expr } = target;
    const fn = expr.kind === 'call' && expr.callee.kind === 'name' ? expr.callee.name : undefined;
    if (expr.kind !== 'call' || !fn || !RULE_FUNCTIONS.has(fn)) {
      throw new Error(
        `${target.module.path}: ${name} is ${expr.source.slice(0, 60)}, not a rule, macro, provider or aspect`,
      );
    }
    if (fn === 'provider') return { kind: 'provider', name, fields: providerFields(expr) };
    if (fn === 'aspect') return { kind: 'aspect', name };
    const attrs = argument(expr, 'attrs');
    const attributes = attrs ? await this.attributes(attrs, target.module) : [];
    return { kind: fn === 'rule' ? 'rule' : 'repository_rule', name, attributes };
  }

  /** A macro's parameters, and the attributes of each rule it passes its **kwargs to. */
  async macro(name: string, def: Def, module: Module): Promise<ApiSymbol> {
    const attributes: ApiAttribute[] = def.params
      .filter((p) => !p.star)
      .map((p) => ({ name: p.name, default: p.default ? p.default.source : 'required' }));
    const kwargs = def.params.find((p) => p.star === '**')?.name;
    for (const statement of def.body) {
      if (!kwargs || statement.kind !== 'expr' || statement.value.kind !== 'call') continue;
      const call = statement.value;
      if (!call.args.some((a) => a.star === '**' && a.value.kind === 'name' && a.value.name === kwargs))
        continue;
      if (call.callee.kind !== 'name') continue;
      const callee = await this.resolve(call.callee.name, module);
      if (!callee || !('expr' in callee)) continue;
      const forwarded = await this.symbol(call.callee.name, callee.expr, callee.module);
      if (!('attributes' in forwarded)) continue;
      // What the macro sets itself cannot come through **kwargs.
      const set = new Set(call.args.flatMap((a) => (a.name ? [a.name] : [])));
      for (const attribute of forwarded.attributes) {
        if (!set.has(attribute.name) && !attributes.some((a) => a.name === attribute.name))
          attributes.push(attribute);
      }
    }
    return { kind: 'macro', name, attributes };
  }

  /** The attributes of an `attrs` value: a dict, a constant naming one, or dict(a, **b). */
  async attributes(expr: Expr, module: Module): Promise<ApiAttribute[]> {
    if (expr.kind === 'dict') {
      const out: ApiAttribute[] = [];
      for (const [key, value] of expr.entries) {
        if (key.kind !== 'string')
          throw new Error(`${module.path}: attribute name ${key.source} is not a string`);
        out.push({ name: key.value, default: await this.attributeDefault(value, module) });
      }
      return out;
    }
    if (expr.kind === 'name') {
      const target = await this.resolve(expr.name, module);
      if (target && 'expr' in target) return this.attributes(target.expr, target.module);
    }
    if (expr.kind === 'call' && expr.callee.kind === 'name' && expr.callee.name === 'dict') {
      const parts = await Promise.all(expr.args.map((a) => this.attributes(a.value, module)));
      return parts.flat();
    }
    throw new Error(`${module.path}: cannot read attributes from ${expr.source.slice(0, 60)}`);
  }

  /** An attr.*() call's default, following a function that returns one (e.g. rr_tool_attr). */
  async attributeDefault(expr: Expr, module: Module): Promise<string> {
    if (
      expr.kind === 'call' &&
      expr.callee.kind === 'attr' &&
      expr.callee.object.kind === 'name' &&
      expr.callee.object.name === 'attr'
    ) {
      const mandatory = argument(expr, 'mandatory');
      if (mandatory?.kind === 'name' && mandatory.name === 'True') return 'required';
      const given = argument(expr, 'default');
      if (given) return renderDefault(given);
      const implicit = IMPLICIT_DEFAULTS[expr.callee.name];
      if (implicit === undefined)
        throw new Error(`${module.path}: attr.${expr.callee.name} has no known default`);
      return implicit;
    }
    if (expr.kind === 'call' && expr.callee.kind === 'name') {
      const target = await this.resolve(expr.callee.name, module);
      const returned =
        target && 'def' in target ? target.def.body.find((s) => s.kind === 'return') : undefined;
      if (returned?.kind === 'return') return this.attributeDefault(returned.value, target!.module);
    }
    throw new Error(`${module.path}: cannot read an attribute from ${expr.source.slice(0, 60)}`);
  }
}

/** A call's named argument. */
function argument(call: Expr & { kind: 'call' }, name: string): Expr | undefined {
  return call.args.find((a) => a.name === name)?.value;
}

function providerFields(call: Expr & { kind: 'call' }): string[] {
  const fields = argument(call, 'fields');
  if (!fields) return [];
  const keys =
    fields.kind === 'dict' ? fields.entries.map(([k]) => k) : fields.kind === 'list' ? fields.items : [];
  return keys.flatMap((k) => (k.kind === 'string' ? [k.value] : []));
}

/** A default as the docs show it: Label("//x:y") as the label it names, the rest as written. */
function renderDefault(expr: Expr): string {
  if (expr.kind === 'call' && expr.callee.kind === 'name' && expr.callee.name === 'Label') {
    const label = expr.args[0]?.value;
    if (label?.kind === 'string') return label.value;
  }
  return expr.source;
}

/** `//pkg:file.bzl` or `:file.bzl` as a path relative to the package root. */
function resolveLoad(from: string, label: string): string {
  if (label.startsWith('//')) {
    const [pkg, file] = label.slice(2).split(':');
    return pkg ? `${pkg}/${file}` : file!;
  }
  if (label.startsWith(':')) return join(dirname(from), label.slice(1));
  throw new Error(`${from}: load of ${label}: only labels of this repository are read`);
}
