import { fieldDigests, type FieldDigests } from '../change-control/fingerprint.js';
import { reviewOfLink } from '../change-control/link-reviews.js';
import { reviewLinks } from '../change-control/review-links.js';
import { suspectLinkFinding } from '../change-control/suspect-rule.js';
import type { Diagnostic } from '../model/diagnostic.js';
import type { Entity } from '../model/entity.js';
import type { ModelFileList } from '../model/model-files.js';
import type { Model } from '../model/model.js';
import { parseReviewStamps, type ReviewStamp, type ReviewStamps } from '../model/review-stamps.js';
import type { QueryDatabase } from './query-database.js';
import { traceIndex } from '../trace/trace-index.js';

// Review stamps as an input of the incremental engine, and suspect-link as queries over them
// (docs/incremental.md, docs/change-control.md, docs/decisions/0365-suspect-links-in-the-engine.md,
// docs/decisions/0366-review-stamps-as-an-engine-input.md).
// The batch rule (tools/change-control) stays the one implementation: each file's links are listed by
// reviewLinks over that file's entities and judged by reviewOfLink. What a file's judgement reads of
// the rest is the parents' field digests, one query per parent, and the parents' stamps, one query
// per parent: a normative edit re-judges the files whose links rest on the edited entity, a
// non-normative one no other file, a clear the files whose links rest on a cleared parent.

/** The stamps file as last read: where it is, and its text (undefined: there is none). */
export interface ReviewStampsFile {
  path: string;
  text?: string;
}

/** What the review queries read of the engine's other queries. */
export interface ReviewQueryInputs {
  /** the file listing (tracked) */
  listing(): ModelFileList;
  /** a file composed (tracked): read so a file's queries run again when its text changes */
  composed(file: string): unknown;
  /** the position-free link facts of every file (tracked): ids, kinds, statuses, links, config */
  linkFacts(): unknown;
  /** the model of the revision and its entities by file (tracked unless read in db.untracked) */
  assembled(): { model: Model; entitiesByFile: ReadonlyMap<string, Entity[]> };
}

/** One suspect link of a file: its key (for the model-wide dedupe) and its finding. */
interface FileSuspect {
  key: string;
  /** for a verification set: its owner and target, which the owner's verdict lists as suspect */
  set?: [owner: string, target: string];
  diagnostic: Diagnostic;
}

/** What the stamps make of the whole model: suspect-link findings and the suspect verification sets. */
export interface SuspectPart {
  diagnostics: Diagnostic[];
  /** owner id → targets of its suspect verification sets */
  sets: Map<string, Set<string>>;
}

const ONE = '';
const NONE: SuspectPart = { diagnostics: [], sets: new Map() };
const sameJson = <V>(a: V, b: V): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);
const sameFile = (a: ReviewStampsFile | undefined, b: ReviewStampsFile | undefined): boolean =>
  a === b || (a !== undefined && b !== undefined && a.path === b.path && a.text === b.text);

/** The review stamps input and the suspect-link queries, declared in the engine's database. */
export class ReviewQueries {
  private readonly fileInput;
  private readonly stampsQuery;
  private readonly stampsByParent;
  private readonly stampsOfParent;
  private readonly digestsOfFile;
  private readonly digestsOfParent;
  private readonly suspectOfFile;
  private readonly suspectQuery;
  private readonly modelQuery;

  constructor(
    private readonly db: QueryDatabase,
    private readonly inputs: ReviewQueryInputs,
  ) {
    this.fileInput = db.input<string, ReviewStampsFile | undefined>('reviewStampsFile', sameFile);
    this.fileInput.set(ONE, undefined);

    /** The stamps as read (undefined while stamping has not started). */
    this.stampsQuery = db.derived<string, ReviewStamps | undefined>('reviewStamps', () => {
      const file = this.fileInput.get(ONE);
      return file?.text === undefined ? undefined : parseReviewStamps(file.path, file.text);
    });

    this.stampsByParent = db.derived<string, Map<string, ReviewStamp[]>>('stampsByParent', () => {
      const out = new Map<string, ReviewStamp[]>();
      for (const list of this.stampsQuery.get(ONE)?.links.values() ?? [])
        for (const stamp of list) {
          const of = out.get(stamp.parent);
          if (of) of.push(stamp);
          else out.set(stamp.parent, [stamp]);
        }
      return out;
    });

    /** One parent's stamps, in file order, as text: unchanged unless a stamp of this parent changed. */
    this.stampsOfParent = db.derived<string, string>('stampsOfParent', (id) =>
      JSON.stringify(this.stampsByParent.get(ONE).get(id) ?? []),
    );

    /** The field digests of one file's entities: unchanged unless a normative field changed. */
    this.digestsOfFile = db.derived<string, Map<string, FieldDigests>>(
      'digestsOfFile',
      (file) => {
        this.inputs.composed(file);
        // Which of the file's entities are the model's (not duplicates) depends on other files.
        this.inputs.linkFacts();
        const { entitiesByFile } = this.db.untracked(() => this.inputs.assembled());
        return new Map((entitiesByFile.get(file) ?? []).map((e) => [e.id, fieldDigests(e)]));
      },
      (a, b) => a === b || sameJson([...a], [...b]),
    );

    /** The field digests of the entity `id`, the parent of links: what a link's review compares. */
    this.digestsOfParent = db.derived<string, FieldDigests>(
      'digestsOfParent',
      (id) => {
        // The file an id is declared in is among the link facts.
        this.inputs.linkFacts();
        const { model } = this.db.untracked(() => this.inputs.assembled());
        const entity = model.byId.get(id);
        if (!entity) return {};
        return this.digestsOfFile.get(entity.file).get(id) ?? {};
      },
      sameJson,
    );

    /** The suspect links written in one file, judged by the batch rule on the file's entities. */
    this.suspectOfFile = db.derived<string, FileSuspect[]>(
      'suspectOfFile',
      (file) => {
        this.inputs.composed(file);
        this.inputs.linkFacts();
        const { model, entitiesByFile } = this.db.untracked(() => this.inputs.assembled());
        const stamps = this.db.untracked(() => this.stampsQuery.get(ONE));
        if (!stamps) return [];
        const out: FileSuspect[] = [];
        for (const link of reviewLinks({ ...model, entities: entitiesByFile.get(file) ?? [] })) {
          const parent = link.parent.id;
          this.stampsOfParent.get(parent);
          const review = reviewOfLink(stamps, link, this.digestsOfParent.get(parent));
          if (review.state !== 'suspect') continue;
          const suspect: FileSuspect = { key: link.key, diagnostic: suspectLinkFinding(review) };
          if (!link.childEntity) suspect.set = [parent, link.child];
          out.push(suspect);
        }
        return out;
      },
      sameJson,
    );

    /**
     * Every file's suspect links in load order, each link once: a link written on both sides (a
     * mitigation's `mitigates` and its risk's `mitigated_by`) is reported where it is written first,
     * as the batch rule does; both sides judge it alike, since the judgement reads only the link's
     * ends, its parent's digests and its stamps.
     */
    this.suspectQuery = db.derived<string, SuspectPart>(
      'suspectLinks',
      () => {
        if (!this.stampsQuery.get(ONE)) return NONE;
        const seen = new Set<string>();
        const part: SuspectPart = { diagnostics: [], sets: new Map() };
        for (const file of this.inputs.listing().files)
          for (const suspect of this.suspectOfFile.get(file)) {
            if (seen.has(suspect.key)) continue;
            seen.add(suspect.key);
            part.diagnostics.push(suspect.diagnostic);
            if (suspect.set) {
              const [owner, target] = suspect.set;
              const targets = part.sets.get(owner);
              if (targets) targets.add(target);
              else part.sets.set(owner, new Set([target]));
            }
          }
        return part;
      },
      (a, b) => sameJson(a.diagnostics, b.diagnostics) && sameJson(setsJson(a.sets), setsJson(b.sets)),
    );

    /** The model of the revision with its stamps on it, as loadModel gives it (Model.reviewed). */
    this.modelQuery = db.derived<string, Model>('stampedModel', () => {
      const { model } = this.inputs.assembled();
      const stamps = this.stampsQuery.get(ONE);
      if (!stamps) return model;
      const stamped = {
        ...model,
        reviewed: stamps,
        diagnostics: [...model.diagnostics, ...stamps.diagnostics],
      };
      // Its trace index is the assembled model's shape: who asks for it builds no shape again.
      traceIndex(stamped, traceIndex(model).shape);
      return stamped;
    });
  }

  /** Sets the stamps file as read (undefined text: there is none, so stamping has not started). */
  set(file: ReviewStampsFile): void {
    this.fileInput.set(ONE, file);
  }

  /** The stamps file as last set (undefined: never set). */
  file(): ReviewStampsFile | undefined {
    return this.db.untracked(() => this.fileInput.get(ONE));
  }

  /** The stamps of the current revision (tracked when read inside a query). */
  stamps(): ReviewStamps | undefined {
    return this.stampsQuery.get(ONE);
  }

  /** The model of the current revision with its stamps (Model.reviewed) once stamping has started. */
  model(): Model {
    return this.modelQuery.get(ONE);
  }

  /** The stamps file's own findings (lines that do not read) and the suspect-link findings. */
  diagnostics(): Diagnostic[] {
    const stamps = this.stampsQuery.get(ONE);
    if (!stamps) return [];
    return [...stamps.diagnostics, ...this.suspectQuery.get(ONE).diagnostics];
  }

  /** Owner id → targets of its suspect verification sets (none before stamping starts). */
  suspectSets(): Map<string, Set<string>> {
    return this.suspectQuery.get(ONE).sets;
  }
}

function setsJson(sets: ReadonlyMap<string, ReadonlySet<string>>): [string, string[]][] {
  return [...sets].map(([owner, targets]) => [owner, [...targets]]);
}
