// What every page shares: the API client, the server's state (/api/state) and the entity list. Pages
// read them through a StoreController and call `refresh()` after a write, so counts, lists and the
// git status follow every save.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { ApiClient } from '../api/api-client.js';
import type {
  Conflict,
  EditorState,
  EntityList,
  EntityListRow,
  VerificationLockState,
} from '../api/api-types.js';
import { isAuthor, storedAuthor, storeAuthor } from './author-setting.js';

/** Shared session state of the editor. */
export class EditorStore extends EventTarget {
  readonly api: ApiClient;
  state: EditorState | null = null;
  lock: VerificationLockState | null = null;
  entities: EntityListRow[] = [];
  loadError: string | null = null;
  author: string;
  /** a message for the next page to show once (e.g. the notices of a save that navigated away) */
  flash: { text: string; notices: Conflict[] } | null = null;
  private loading: Promise<void> | null = null;

  constructor(token: string | null) {
    super();
    this.author = storedAuthor() ?? '';
    this.api = new ApiClient(token, () => (isAuthor(this.author) ? this.author.trim() : null));
  }

  /** Resolves once the state and entity list have been read (or failed to be) the first time. */
  whenLoaded(): Promise<void> {
    return this.state || this.loadError ? Promise.resolve() : this.refresh();
  }

  /** Re-reads the state and the entity list, then tells every page. */
  refresh(): Promise<void> {
    this.loading ??= (async () => {
      try {
        const [state, entities, lock] = await Promise.all([
          this.api.get<EditorState>('state'),
          this.api.get<EntityList>('entities'),
          this.api.get<VerificationLockState>('lock'),
        ]);
        this.state = state;
        this.entities = entities.entities;
        this.lock = lock;
        this.loadError = null;
        if (!this.author && typeof state.author === 'string') this.author = state.author;
      } catch (error) {
        this.loadError = error instanceof Error ? error.message : String(error);
      } finally {
        this.loading = null;
        this.dispatchEvent(new Event('change'));
      }
    })();
    return this.loading;
  }

  /** Has the server read the model, evidence, lock and sources again (after changes made outside the editor). */
  async reloadInputs(): Promise<void> {
    await this.api.post('reload');
    await this.refresh();
  }

  /** Sets the author of the next writes (remembered for later visits). */
  setAuthor(value: string): void {
    this.author = value;
    if (isAuthor(value)) storeAuthor(value);
    this.dispatchEvent(new Event('change'));
  }

  /** An entity of the list by id. */
  entity(id: string): EntityListRow | undefined {
    return this.entities.find((e) => e.id === id);
  }
}

let current: EditorStore | null = null;

/** Creates the session's store (once, at start-up). */
export function startStore(token: string | null): EditorStore {
  current = new EditorStore(token);
  return current;
}

/** The session's store. */
export function store(): EditorStore {
  if (!current) throw new Error('the editor store is not started');
  return current;
}

/** Re-renders a component whenever the store changes. */
export class StoreController implements ReactiveController {
  private readonly host: ReactiveControllerHost;
  private readonly onChange = () => this.host.requestUpdate();

  constructor(host: ReactiveControllerHost) {
    this.host = host;
    host.addController(this);
  }

  hostConnected(): void {
    store().addEventListener('change', this.onChange);
  }

  hostDisconnected(): void {
    store().removeEventListener('change', this.onChange);
  }
}
