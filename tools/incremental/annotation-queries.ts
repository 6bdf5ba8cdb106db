import { isAbsolute, join } from 'node:path';
import type { Diagnostic } from '../model/diagnostic.js';
import type { Model } from '../model/model.js';
import type { Annotation, AnnotationScan } from '../sources/annotation.js';
import {
  collectScan,
  scanSourceContent,
  type FileScan,
  type SourceContent,
} from '../sources/source-content-scan.js';
import type { QueryDatabase } from './query-database.js';

// Source annotations file by file (docs/incremental.md, docs/ide.md): the language server sets the
// source files it scans (a configured folder, and the files open in the editor) and each file's
// content; each file is scanned alone, with the model's patterns and ids, and scanned again only when
// its content, the patterns or the set of ids changed. The scan they make is the one `rr report
// --sources` makes (tools/sources/scan-annotations.ts), so the findings are its findings
// (docs/decisions/0368-annotations-in-the-language-server.md).

/** The source files scanned for annotations: their root and paths below it, and the listing's problems. */
export interface SourceListing {
  root: string;
  /** relative to the root, '/'-separated, in code-point order */
  files: string[];
  /** problems met while listing (unreadable folders) */
  diagnostics: Diagnostic[];
}

/** What the annotation queries read of the engine's other queries. */
export interface AnnotationQueryInputs {
  /** the position-free link facts (tracked): the ids and the config, patterns included */
  linkFacts(): unknown;
  /** the model of the revision (read untracked) */
  model(): Model;
}

/** The patterns and the ids an annotation may name. */
interface ScanSettings {
  patterns: string[];
  ids: Set<string>;
}

const ONE = '';
const sameJson = <V>(a: V, b: V): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

/** The source listing and contents as inputs, and the scan made of them, declared in the engine's database. */
export class AnnotationQueries {
  private readonly listingInput;
  private readonly contentInput;
  private readonly settings;
  private readonly fileScan;
  private readonly scanQuery;

  constructor(
    private readonly db: QueryDatabase,
    inputs: AnnotationQueryInputs,
  ) {
    this.listingInput = db.input<string, SourceListing | undefined>('sourceListing', sameJson);
    this.listingInput.set(ONE, undefined);
    this.contentInput = db.input<string, SourceContent>('sourceContent', sameJson);

    /** The model's patterns and ids: unchanged by edits that add, remove or rename no id. */
    this.settings = db.derived<string, ScanSettings>(
      'annotationSettings',
      () => {
        inputs.linkFacts();
        const model = db.untracked(() => inputs.model());
        return { patterns: [...model.config.annotation_patterns], ids: new Set(model.byId.keys()) };
      },
      (a, b) =>
        sameJson(a.patterns, b.patterns) &&
        a.ids.size === b.ids.size &&
        [...a.ids].every((id) => b.ids.has(id)),
    );

    this.fileScan = db.derived<string, FileScan>(
      'annotationsOfSource',
      (file) => {
        const { patterns, ids } = this.settings.get(ONE);
        return scanSourceContent(file, this.contentInput.get(file), patterns, { knownIds: ids });
      },
      sameJson,
    );

    this.scanQuery = db.derived<string, AnnotationScan | undefined>('sourceScan', () => {
      const listing = this.listingInput.get(ONE);
      if (!listing) return undefined;
      const results = listing.files.map((f) => this.fileScan.get(f));
      return collectScan(this.settings.get(ONE).patterns, listing.diagnostics, results);
    });
  }

  /** Sets the files scanned (undefined: none, the engine takes no annotations file by file). */
  setListing(listing: SourceListing | undefined): void {
    this.listingInput.set(ONE, listing);
  }

  /** Sets one source file's content (its path relative to the listing's root). */
  setContent(file: string, content: SourceContent): void {
    this.contentInput.set(file, content);
  }

  /** The listing as last set. */
  listing(): SourceListing | undefined {
    return this.db.untracked(() => this.listingInput.get(ONE));
  }

  /** Whether sources are scanned file by file. */
  active(): boolean {
    return this.listingInput.get(ONE) !== undefined;
  }

  /** The scan's findings, their files under the root, as `rr report --sources` gives them. */
  diagnostics(): Diagnostic[] {
    const scan = this.scanQuery.get(ONE);
    if (!scan) return [];
    const root = this.listingInput.get(ONE)!.root;
    return scan.diagnostics.map((d) =>
      d.file && !isAbsolute(d.file) ? { ...d, file: join(root, d.file) } : d,
    );
  }

  /** Entity id → its annotations, their files under the root (as an analysis lists them). */
  byEntity(): Map<string, Annotation[]> {
    const scan = this.scanQuery.get(ONE);
    const out = new Map<string, Annotation[]>();
    if (!scan) return out;
    const root = this.listingInput.get(ONE)!.root;
    for (const [id, list] of scan.byEntity)
      out.set(
        id,
        list.map((a) => ({ ...a, file: join(root, a.file) })),
      );
    return out;
  }
}
