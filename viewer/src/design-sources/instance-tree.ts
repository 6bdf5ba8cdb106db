// SPDX-License-Identifier: AGPL-3.0-or-later
// The design's instance tree: the entry module expanded instance by instance (`x = new Y`), each node with
// its type's definition, its attributes (a parent's `x.value = …` overrides the type's own), pins and
// signals; and the design's nets: every connection (`a ~ b`) joins two addresses, connecting two
// interfaces joins their members of the same name, and a net is a set of joined addresses with at least
// one pad. Addresses are the instance path from the entry module (`supply.ldo`), as atopile names them.
import { dirname } from 'node:path/posix';
import type { AtoBlock, AtoBlockKind, AtoFile, AtoStatement, AtoValue } from './ato-syntax.js';
import { PARTS_PREFIX } from './design-source-files.js';
import type { DesignSourceProblem } from './design-source-problem.js';

/** A place in a source file (path relative to the source folder). */
export interface SourceLocation {
  file: string;
  line: number;
  column?: number;
}

/** An attribute of an instance: footprint, value, mpn, … */
export interface SourceAttribute {
  name: string;
  value: string;
  kind: AtoValue['kind'];
  at: SourceLocation;
}

/** One node of the instance tree. */
export interface SourceInstance {
  name: string;
  /** The instance path from the entry module; '' for the entry module itself. */
  address: string;
  type: string;
  /** `library` is a type the sources import but do not define (atopile's standard library). */
  kind: AtoBlockKind | 'library';
  /** Where the type is defined. */
  definition?: SourceLocation;
  /** Where the instance is made (`x = new Y`). */
  declaredAt?: SourceLocation;
  doc?: string;
  attributes: SourceAttribute[];
  /** Pad names of a component's pins. */
  pins: string[];
  signals: string[];
  children: SourceInstance[];
}

/** A net of the sources: joined addresses with at least one pad. */
export interface SourceNet {
  /** The shallowest signal's address (declaration order breaks ties): a mechanical name. */
  title: string;
  /** Every joined address that is not a pad. */
  signals: string[];
  pads: { component: string; pad: string }[];
  /** The connection statements that join it. */
  connections: SourceLocation[];
}

/** The tree, its nets and what did not make sense. */
export interface InstanceTree {
  root: SourceInstance;
  nets: SourceNet[];
  problems: DesignSourceProblem[];
}

const MAX_DEPTH = 64;

type Resolved = { block: AtoBlock; file: AtoFile } | { library: string };

/** Expands the entry module of `files` (by source name) into the instance tree and its nets. */
export function buildInstanceTree(
  files: Map<string, AtoFile>,
  entryFile: string,
  entryModule: string,
): InstanceTree {
  return new TreeBuilder(files).build(entryFile, entryModule);
}

class TreeBuilder {
  private readonly problems: DesignSourceProblem[] = [];
  private readonly parent = new Map<string, string>();
  private readonly order = new Map<string, number>();
  private readonly pads = new Map<string, { component: string; pad: string }>();
  private readonly links: [string, string][] = [];
  private readonly mentions: { key: string; at: SourceLocation }[] = [];
  private readonly connections = new Map<string, SourceLocation[]>();
  private readonly nodes = new Map<string, SourceInstance>();

  constructor(private readonly files: Map<string, AtoFile>) {}

  build(entryFile: string, entryModule: string): InstanceTree {
    const file = this.files.get(entryFile);
    const block = file?.blocks.find((b) => b.name === entryModule);
    const root: SourceInstance = {
      name: entryModule,
      address: '',
      type: entryModule,
      kind: block?.kind ?? 'module',
      attributes: [],
      pins: [],
      signals: [],
      children: [],
    };
    if (!file || !block) {
      this.problems.push({
        file: entryFile,
        message: file
          ? `defines no module ${entryModule}, which the manifest names as the entry; it defines ${file.blocks.map((b) => b.name).join(', ') || 'no blocks'}`
          : 'the entry file could not be read or parsed (see its own problem in this list)',
        severity: 'error',
      });
      return { root, nets: [], problems: this.problems };
    }
    this.expand(root, { block, file }, []);
    this.joinInterfaces();
    this.checkMentions();
    return { root, nets: this.nets(), problems: this.problems };
  }

  private expand(node: SourceInstance, type: { block: AtoBlock; file: AtoFile }, chain: string[]): void {
    this.nodes.set(node.address, node);
    const { block, file } = type;
    node.kind = block.kind;
    node.definition = { file: file.file, line: block.line, column: block.column };
    if (block.doc) node.doc = block.doc;
    if (chain.includes(`${file.file}:${block.name}`) || chain.length > MAX_DEPTH) {
      this.problem(
        file.file,
        block.line,
        `${block.name} contains itself (through ${chain.join(' → ')}); remove the cycle`,
      );
      return;
    }
    const inner = [...chain, `${file.file}:${block.name}`];
    const body = this.bodyWithSupers(block, file, inner);
    const prefix = node.address ? `${node.address}.` : '';

    // Instances first (a retype changes the type of an instance made anywhere in the block).
    const retypes = new Map<string, { type: string; file: AtoFile }>();
    for (const { s, f } of body) if (s.kind === 'retype') retypes.set(s.target, { type: s.type, file: f });
    for (const { s, f } of body) {
      if (s.kind !== 'instance') continue;
      if (s.target.includes('.')) {
        this.problem(
          f.file,
          s.line,
          `an instance is made in the block that names it; write "${s.target.split('.').pop()} = new ${s.type}" there`,
          s.column,
          'warning',
        );
        continue;
      }
      const retype = retypes.get(s.target);
      const typeName = retype?.type ?? s.type;
      const typeFile = retype?.file ?? f;
      const names =
        s.count !== undefined ? Array.from({ length: s.count }, (_, i) => `${s.target}[${i}]`) : [s.target];
      for (const name of names) {
        const child: SourceInstance = {
          name,
          address: prefix + name,
          type: typeName,
          kind: 'library',
          declaredAt: { file: f.file, line: s.line, column: s.column },
          attributes: [],
          pins: [],
          signals: [],
          children: [],
        };
        node.children.push(child);
        const resolved = this.resolve(typeName, typeFile, s.line);
        if ('block' in resolved) this.expand(child, resolved, inner);
        else this.nodes.set(child.address, child);
      }
    }

    for (const { s, f } of body) {
      const at = { file: f.file, line: s.line, column: s.column };
      switch (s.kind) {
        case 'pin':
          this.declare(node, s.name, 'pin');
          break;
        case 'signal':
          this.declare(node, s.name, 'signal');
          break;
        case 'assign':
          this.assign(node, s.target, s.value, at);
          break;
        case 'connect': {
          for (const end of [s.left, s.right]) if (end.declares) this.declare(node, end.ref, end.declares);
          const a = prefix + s.left.ref;
          const b = prefix + s.right.ref;
          this.mentions.push({ key: a, at }, { key: b, at });
          this.union(a, b);
          this.links.push([a, b]);
          const list = this.connections.get(a) ?? [];
          list.push(at);
          this.connections.set(a, list);
          break;
        }
        default:
          break;
      }
    }
  }

  /** The statements of a block after those of the blocks it extends, each with its file. */
  private bodyWithSupers(block: AtoBlock, file: AtoFile, chain: string[]): { s: AtoStatement; f: AtoFile }[] {
    const own = expandLoops(block.body).map((s) => ({ s, f: file }));
    if (!block.extends) return own;
    const base = this.resolve(block.extends, file, block.line);
    if (!('block' in base)) return own;
    if (chain.includes(`${base.file.file}:${base.block.name}`)) {
      this.problem(
        file.file,
        block.line,
        `${block.name} extends itself through ${block.extends}; remove the cycle`,
      );
      return own;
    }
    return [
      ...this.bodyWithSupers(base.block, base.file, [...chain, `${base.file.file}:${base.block.name}`]),
      ...own,
    ];
  }

  private declare(node: SourceInstance, name: string, what: 'pin' | 'signal'): void {
    const key = node.address ? `${node.address}.${name}` : name;
    this.find(key);
    if (what === 'pin' && node.kind === 'component') {
      if (!node.pins.includes(name)) node.pins.push(name);
      this.pads.set(key, { component: node.address, pad: name });
    } else if (!node.signals.includes(name)) node.signals.push(name);
  }

  private assign(node: SourceInstance, target: string, value: AtoValue, at: SourceLocation): void {
    const dot = target.lastIndexOf('.');
    const owner =
      dot < 0
        ? node
        : this.nodes.get(node.address ? `${node.address}.${target.slice(0, dot)}` : target.slice(0, dot));
    if (!owner) {
      this.problem(
        at.file,
        at.line,
        `${target.slice(0, dot)} is not an instance of this block; assign to one made with "= new"`,
        at.column,
        'warning',
      );
      return;
    }
    const name = target.slice(dot + 1);
    const attribute = { name, value: value.text, kind: value.kind, at };
    const i = owner.attributes.findIndex((a) => a.name === name);
    if (i >= 0) owner.attributes[i] = attribute;
    else owner.attributes.push(attribute);
  }

  /** A type name as the file sees it: its own blocks, then its imports. */
  private resolve(name: string, file: AtoFile, line: number): Resolved {
    const local = file.blocks.find((b) => b.name === name);
    if (local) return { block: local, file };
    const imp = file.imports.find(
      (i) => i.names.includes(name) || i.names.some((n) => n.endsWith(`.${name}`)),
    );
    if (!imp) {
      this.problem(
        file.file,
        line,
        `${name} is neither defined in this file nor imported; import it (from "file.ato" import ${name})`,
        undefined,
        'warning',
      );
      return { library: name };
    }
    if (imp.from === undefined) return { library: name };
    const target = this.importedFile(imp.from, file.file);
    if (!target) {
      this.problem(
        file.file,
        imp.line,
        `imports from "${imp.from}", which is not a file of the source folder`,
        imp.column,
        'warning',
      );
      return { library: name };
    }
    const block = target.blocks.find((b) => b.name === name);
    if (!block) {
      this.problem(file.file, imp.line, `"${imp.from}" defines no ${name}`, imp.column, 'warning');
      return { library: name };
    }
    return { block, file: target };
  }

  /** An imported path, relative to the importing file, the source folder or the parts folder. */
  private importedFile(path: string, from: string): AtoFile | undefined {
    const own = normalize(`${dirname(from)}/${path}`);
    const inParts = path.startsWith('parts/')
      ? PARTS_PREFIX + path.slice('parts/'.length)
      : PARTS_PREFIX + path;
    for (const name of [own, normalize(path), inParts]) {
      const file = name === undefined ? undefined : this.files.get(name);
      if (file) return file;
    }
    return undefined;
  }

  private find(key: string): string {
    if (!this.parent.has(key)) {
      this.parent.set(key, key);
      this.order.set(key, this.order.size);
    }
    let root = key;
    while (this.parent.get(root) !== root) root = this.parent.get(root)!;
    this.parent.set(key, root);
    return root;
  }

  private union(a: string, b: string): boolean {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra === rb) return false;
    this.parent.set(rb, ra);
    return true;
  }

  /** Connected interfaces connect their members of the same name, until nothing changes. */
  private joinInterfaces(): void {
    let changed = true;
    while (changed) {
      changed = false;
      const keys = [...this.parent.keys()];
      for (const [a, b] of this.links)
        for (const [from, to] of [
          [a, b],
          [b, a],
        ] as const)
          for (const key of keys)
            if (key.startsWith(`${from}.`)) changed = this.union(key, to + key.slice(from.length)) || changed;
    }
  }

  /** A connection to a name the type does not declare is most likely a typo: say so. */
  private checkMentions(): void {
    const seen = new Set<string>();
    for (const { key, at } of this.mentions) {
      if (seen.has(key) || this.nodes.has(key)) continue;
      seen.add(key);
      const segments = key.split('.');
      let owner: SourceInstance | undefined;
      let rest: string[] = [];
      for (let i = segments.length - 1; i >= 0 && !owner; i--) {
        owner = this.nodes.get(segments.slice(0, i).join('.'));
        rest = segments.slice(i);
      }
      if (!owner || owner.kind === 'library' || rest.length !== 1) continue;
      if (owner.signals.includes(rest[0]!) || owner.pins.includes(rest[0]!)) continue;
      this.problem(
        at.file,
        at.line,
        `${key} names nothing: ${owner.type} declares ${[...owner.signals, ...owner.pins.map((p) => `pin ${p}`)].join(', ') || 'no signals or pins'}`,
        at.column,
        'warning',
      );
    }
  }

  private nets(): SourceNet[] {
    const classes = new Map<string, string[]>();
    for (const key of [...this.parent.keys()].sort((a, b) => this.order.get(a)! - this.order.get(b)!)) {
      const root = this.find(key);
      const list = classes.get(root) ?? [];
      list.push(key);
      classes.set(root, list);
    }
    const nets: SourceNet[] = [];
    for (const keys of classes.values()) {
      const pads = keys.filter((k) => this.pads.has(k)).map((k) => this.pads.get(k)!);
      if (pads.length === 0) continue;
      const signals = keys.filter((k) => !this.pads.has(k));
      const depth = (k: string) => k.split('.').length;
      const named = [...signals].sort(
        (a, b) => depth(a) - depth(b) || this.order.get(a)! - this.order.get(b)!,
      );
      nets.push({
        title: named[0] ?? keys[0]!,
        signals,
        pads,
        connections: keys.flatMap((k) => this.connections.get(k) ?? []),
      });
    }
    return nets.sort((a, b) => a.title.localeCompare(b.title));
  }

  private problem(
    file: string,
    line: number,
    message: string,
    column?: number,
    severity: 'error' | 'warning' = 'error',
  ): void {
    this.problems.push({ file, line, ...(column ? { column } : {}), message, severity });
  }
}

/** `for r in [a, b]: r.p1 ~ x` as the statements it stands for; loops over slices are left out. */
function expandLoops(body: AtoStatement[]): AtoStatement[] {
  return body.flatMap((s) => {
    if (s.kind !== 'for') return [s];
    if (!s.items) return [];
    const refs = s.items;
    const swap = (ref: string, to: string) =>
      ref === s.variable ? to : ref.startsWith(`${s.variable}.`) ? to + ref.slice(s.variable.length) : ref;
    return refs.flatMap((to) =>
      expandLoops(s.body).map((inner): AtoStatement => {
        if (inner.kind === 'connect')
          return {
            ...inner,
            left: { ...inner.left, ref: swap(inner.left.ref, to) },
            right: { ...inner.right, ref: swap(inner.right.ref, to) },
          };
        if (inner.kind === 'assign') return { ...inner, target: swap(inner.target, to) };
        return inner;
      }),
    );
  });
}

/** A `/` path without `.` and `..` segments; undefined when it leaves its root. */
function normalize(path: string): string | undefined {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (out.length === 0) return undefined;
      out.pop();
    } else out.push(part);
  }
  return out.join('/');
}
