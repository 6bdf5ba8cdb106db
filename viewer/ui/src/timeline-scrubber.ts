// SPDX-License-Identifier: AGPL-3.0-or-later
// <rr-timeline-scrubber>: the selected lane's events as a timeline, driven like a debugger: step back,
// play or pause, step forward, jump between checkpoints, or follow the live end. Keys: Left/Right step
// (on the slider), PageUp/PageDown previous/next checkpoint, Home first event, End follows live, and
// "k" plays or pauses anywhere in the scrubber.
import { LitElement, css, html, nothing, svg } from 'lit';
import type { EventRecord } from './api-types.js';
import { formatClock } from './number-format.js';
import { sharedStyles } from './shared-styles.js';

/** What the scrubber asks the page to show. */
export interface TimelineMove {
  index: number;
  /** Keep showing the newest event as events arrive. */
  follow: boolean;
}

const PLAY_INTERVAL_MS = 350;

export class TimelineScrubber extends LitElement {
  static override properties = {
    events: { attribute: false },
    position: { type: Number },
    follow: { type: Boolean },
    playing: { state: true },
  };

  events: readonly EventRecord[] = [];
  position = -1;
  follow = true;
  playing = false;
  private timer: ReturnType<typeof setInterval> | undefined;

  static override styles = [
    sharedStyles,
    css`
      :host {
        display: block;
      }
      .controls {
        display: flex;
        flex-wrap: wrap;
        gap: 4px;
        align-items: center;
      }
      .where {
        margin-left: 8px;
        font-variant-numeric: tabular-nums;
      }
      .track {
        position: relative;
        margin-top: 4px;
      }
      input[type='range'] {
        width: 100%;
        margin: 0;
      }
      svg.marks {
        display: block;
        width: 100%;
        height: 10px;
      }
      svg.marks rect {
        cursor: pointer;
      }
    `,
  ];

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.pause();
  }

  private checkpoints(): number[] {
    const out: number[] = [];
    this.events.forEach((r, i) => {
      if (r.event.kind === 'checkpoint') out.push(i);
    });
    return out;
  }

  private move(index: number, follow = false): void {
    const last = this.events.length - 1;
    if (last < 0) return;
    const clamped = Math.max(0, Math.min(last, index));
    this.dispatchEvent(
      new CustomEvent<TimelineMove>('timeline-move', {
        detail: { index: clamped, follow: follow },
        bubbles: true,
        composed: true,
      }),
    );
  }

  /** Steps one event back. */
  stepBack(): void {
    this.pause();
    this.move(this.position - 1);
  }

  /** Steps one event forward. */
  stepForward(): void {
    this.pause();
    this.move(this.position + 1);
  }

  /** Jumps to the checkpoint before (dir -1) or after (dir 1) the position. */
  jumpCheckpoint(dir: -1 | 1): void {
    this.pause();
    const marks = this.checkpoints();
    const target =
      dir < 0 ? [...marks].reverse().find((i) => i < this.position) : marks.find((i) => i > this.position);
    if (target !== undefined) this.move(target);
  }

  /** Follows the newest event. */
  goLive(): void {
    this.pause();
    this.move(this.events.length - 1, true);
  }

  /** Plays from the position (from the start when at the end), one event per tick. */
  play(): void {
    if (this.playing || this.events.length === 0) return;
    if (this.position >= this.events.length - 1) this.move(0);
    this.playing = true;
    this.timer = setInterval(() => {
      if (this.position >= this.events.length - 1) this.pause();
      else this.move(this.position + 1);
    }, PLAY_INTERVAL_MS);
  }

  pause(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
    this.playing = false;
  }

  private onKey(e: KeyboardEvent): void {
    const actions: Record<string, () => void> = {
      PageUp: () => this.jumpCheckpoint(-1),
      PageDown: () => this.jumpCheckpoint(1),
      Home: () => {
        this.pause();
        this.move(0);
      },
      End: () => this.goLive(),
      k: () => (this.playing ? this.pause() : this.play()),
    };
    const action = actions[e.key];
    if (action && !e.ctrlKey && !e.metaKey && !e.altKey) {
      action();
      e.preventDefault();
    }
  }

  override render() {
    const n = this.events.length;
    const at = n > 0 ? this.events[Math.max(0, Math.min(this.position, n - 1))] : undefined;
    const marks = this.checkpoints();
    const describe = at ? describeEvent(at) : 'no events';
    return html`<div class="controls" role="toolbar" aria-label="Timeline controls" @keydown=${this.onKey}>
        <button
          type="button"
          @click=${() => this.move(0)}
          ?disabled=${n === 0 || this.position <= 0}
          aria-label="First event"
        >
          |◀
        </button>
        <button
          type="button"
          @click=${() => this.jumpCheckpoint(-1)}
          ?disabled=${!marks.some((i) => i < this.position)}
          aria-label="Previous checkpoint"
        >
          ◆◀
        </button>
        <button
          type="button"
          @click=${() => this.stepBack()}
          ?disabled=${this.position <= 0}
          aria-label="Step back"
        >
          ◀ Step
        </button>
        <button
          type="button"
          @click=${() => (this.playing ? this.pause() : this.play())}
          ?disabled=${n === 0}
          aria-label=${this.playing ? 'Pause' : 'Play'}
          aria-pressed=${this.playing ? 'true' : 'false'}
        >
          ${this.playing ? '❚❚ Pause' : '▶ Play'}
        </button>
        <button
          type="button"
          @click=${() => this.stepForward()}
          ?disabled=${this.position >= n - 1}
          aria-label="Step forward"
        >
          Step ▶
        </button>
        <button
          type="button"
          @click=${() => this.jumpCheckpoint(1)}
          ?disabled=${!marks.some((i) => i > this.position)}
          aria-label="Next checkpoint"
        >
          ▶◆
        </button>
        <button
          type="button"
          @click=${() => this.goLive()}
          ?disabled=${n === 0}
          aria-label="Follow live"
          aria-pressed=${this.follow ? 'true' : 'false'}
        >
          Live ▶|
        </button>
        <span class="where" aria-live="polite"
          >${n > 0 ? html`${this.position + 1} / ${n} · ${describe}` : 'No events in this lane yet.'}</span
        >
      </div>
      <div class="track" @keydown=${this.onKey}>
        <input
          type="range"
          min="0"
          max=${Math.max(0, n - 1)}
          .value=${String(Math.max(0, this.position))}
          ?disabled=${n === 0}
          aria-label="Timeline position"
          aria-valuetext=${`event ${this.position + 1} of ${n}: ${describe}`}
          @input=${(e: Event) => {
            this.pause();
            const v = Number((e.target as HTMLInputElement).value);
            this.move(v, false);
          }}
        />
        ${
          n > 1
            ? svg`<svg class="marks" viewBox="0 0 1000 10" preserveAspectRatio="none" aria-hidden="true">
              ${marks.map(
                (i) => svg`<rect x=${(i / (n - 1)) * 1000 - 3} y="0" width="6" height="10" fill="#2e9e52"
                  @click=${() => this.move(i)}><title>${describeEvent(this.events[i]!)}</title></rect>`,
              )}
              <rect x=${(Math.max(0, this.position) / (n - 1)) * 1000 - 1} y="0" width="2" height="10" fill="#1a66ff" />
            </svg>`
            : nothing
        }
      </div>`;
  }
}

/** One line about an event: its kind and what it says. */
export function describeEvent(record: EventRecord): string {
  const e = record.event;
  const when = formatClock(e.time);
  switch (e.kind) {
    case 'placement':
      return `placement, step ${e.step} (seq ${e.seq}, ${when})`;
    case 'placement_cost':
      return `cost ${e.total} at step ${e.step} (seq ${e.seq}, ${when})`;
    case 'checkpoint':
      return `checkpoint ${e.phase}${e.label ? `: ${e.label}` : ''} (seq ${e.seq}, ${when})`;
    case 'route':
      return `${e.provisional ? 'provisional ' : ''}routes of ${e.nets.map((n) => n.net).join(', ')} (seq ${e.seq}, ${when})`;
    case 'net_status':
      return `net status of ${e.nets.length} nets (seq ${e.seq}, ${when})`;
    case 'lane_end':
      return `lane ${e.status} (seq ${e.seq}, ${when})`;
    default:
      return `${e.kind.replace('_', ' ')} (seq ${e.seq}, ${when})`;
  }
}

customElements.define('rr-timeline-scrubber', TimelineScrubber);
