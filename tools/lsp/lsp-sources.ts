import { resolve, sep } from 'node:path';
import type { ModelEngine } from '../incremental/model-engine.js';
import { byCodePoint } from '../model/code-point-order.js';
import type { Diagnostic } from '../model/diagnostic.js';
import { mapConcurrently } from '../sources/bounded-pool.js';
import { listScannedFiles, patternAnchors, readSourceContent } from '../sources/scan-annotations.js';
import { workspaceRoot } from '../sources/workspace-root.js';

/** Files read at once, as a scan of the tree reads them. */
const READ_CONCURRENCY = 32;

/** A file event from the client's watcher: LSP's FileChangeType (1 created, 2 changed, 3 deleted). */
export interface WatchedChange {
  path: string;
  type: number;
}

/**
 * The source files the language server scans for annotations (docs/ide.md): every file of the
 * configured `sources` folder as `rr report --sources` lists it, and every file open in the editor
 * below the sources root (the configured folder, else the workspace `rr report` scans by default);
 * an open buffer counts instead of its file. Their contents go to the engine, which scans each file
 * alone (tools/incremental/annotation-queries.ts).
 */
export class LspSources {
  /** the folder's files, relative to the root ('/'-separated), when a folder is configured */
  private listed: string[] = [];
  private listingDiagnostics: Diagnostic[] = [];
  /** open buffers below the root: path relative to the root → text */
  private readonly open = new Map<string, string>();
  /** the patterns the folder's files were read for (a file's text is kept only when it holds one) */
  private readFor = '';
  readonly root: string;

  constructor(
    private readonly engine: ModelEngine,
    modelPath: string,
    private readonly folder: string | undefined,
  ) {
    this.root = folder ?? resolve(process.cwd(), workspaceRoot(modelPath, process.cwd()));
  }

  /** Lists and reads the configured folder (nothing without one). */
  async load(): Promise<void> {
    if (this.folder) {
      const listing = await listScannedFiles(this.folder);
      this.listed = listing.files;
      this.listingDiagnostics = listing.diagnostics;
      await this.readAll();
    }
    this.update();
  }

  /** An editor buffer below the root: it is scanned as typed. Returns whether the file is below the root. */
  setOpen(path: string, text: string): boolean {
    const file = this.relative(path);
    if (file === undefined) return false;
    const known = this.open.has(file);
    this.open.set(file, text);
    this.engine.setSourceContent(file, { kind: 'text', text });
    if (!known) this.update();
    return true;
  }

  /** The buffer closed: the file on disk counts again when the folder lists it, else it is not scanned. */
  async close(path: string): Promise<void> {
    const file = this.relative(path);
    if (file === undefined || !this.open.delete(file)) return;
    if (this.listed.includes(file)) await this.read(file);
    this.update();
  }

  /** The buffer's text of an open file below the root. */
  textOf(path: string): string | undefined {
    const file = this.relative(path);
    return file === undefined ? undefined : this.open.get(file);
  }

  /**
   * Takes the watcher's news and a possible change of the model's patterns: a changed file is read
   * again, a file created or deleted lists the folder again, new patterns read every file again.
   */
  async changed(changes: readonly WatchedChange[]): Promise<void> {
    if (!this.folder) return;
    const patterns = JSON.stringify(this.engine.model().config.annotation_patterns);
    if (patterns !== this.readFor) {
      await this.load();
      return;
    }
    const mine = changes.filter((c) => this.relative(c.path) !== undefined);
    if (mine.some((c) => c.type !== 2)) {
      const listing = await listScannedFiles(this.folder);
      const known = new Set(this.listed);
      this.listed = listing.files;
      this.listingDiagnostics = listing.diagnostics;
      for (const file of this.listed) if (!known.has(file) && !this.open.has(file)) await this.read(file);
    }
    for (const c of mine) {
      const file = this.relative(c.path)!;
      if (c.type === 2 && this.listed.includes(file) && !this.open.has(file)) await this.read(file);
    }
    this.update();
  }

  private async readAll(): Promise<void> {
    this.readFor = JSON.stringify(this.engine.model().config.annotation_patterns);
    const closed = this.listed.filter((file) => !this.open.has(file));
    await mapConcurrently(closed, READ_CONCURRENCY, (file) => this.read(file));
  }

  private async read(file: string): Promise<void> {
    const anchors = patternAnchors(this.engine.model().config.annotation_patterns);
    this.engine.setSourceContent(file, await readSourceContent(resolve(this.root, file), anchors));
  }

  /** Gives the engine the files scanned: the folder's and the open ones; none at all while both are empty. */
  private update(): void {
    if (!this.folder && this.open.size === 0) {
      this.engine.setSourceListing(undefined);
      return;
    }
    const files = [...new Set([...this.listed, ...this.open.keys()])].sort(byCodePoint);
    this.engine.setSourceListing({ root: this.root, files, diagnostics: this.listingDiagnostics });
  }

  private relative(path: string): string | undefined {
    const prefix = this.root.endsWith(sep) ? this.root : this.root + sep;
    if (!path.startsWith(prefix)) return undefined;
    return path.slice(prefix.length).split(sep).join('/');
  }
}
