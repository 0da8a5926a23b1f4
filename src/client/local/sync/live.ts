import { SseParser } from '../../../shared/api/sse';

/**
 * The live channel (GET /api/events) of the sync engine: one server-sent-event stream, read with
 * fetch, whose only message is "your tenant's change number is now N and something in it is
 * yours". The engine pulls when N is beyond its cursor; the data always comes by the pull.
 *
 * - reconnects after a drop with the engine's backoff (1 s, 2 s, … 30 s, jittered), sending
 *   `Last-Event-ID` (the last event's id, else the local cursor): the server answers at once if
 *   something for this user changed meanwhile;
 * - a 401 ends it (the engine pauses on the session, and starts it again with a new token);
 * - start()/stop() are idempotent; the engine stops it while the page is hidden and on stop().
 * It is not on the engine's network chain: it is one long read that would block every pull and
 * send behind it. What it triggers (pullNow) goes on the chain.
 */
export interface LiveChannelOptions {
  /** Opens the stream (fetch); `lastEventId` is null on a first open without a cursor. */
  open: (lastEventId: string | null, signal: AbortSignal) => Promise<Response>;
  /** The local cursor, the Last-Event-ID of a first open. */
  cursor: () => Promise<string | null>;
  onChange: (cursor: string) => void;
  onUnauthorized: () => void;
  /** The stream is open (the server answered 200). */
  onOpen?: () => void;
  /** Delay before reconnect attempt `attempt` (0-based). */
  backoff: (attempt: number) => number;
}

export class LiveChannel {
  private wanted = false;
  private running = false;
  private abort: AbortController | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private attempt = 0;
  private lastEventId: string | null = null;
  /** Streams opened so far (tests, diagnostics). */
  opened = 0;

  constructor(private readonly options: LiveChannelOptions) {}

  get active(): boolean {
    return this.wanted;
  }

  start(): void {
    if (this.wanted) return;
    this.wanted = true;
    this.attempt = 0;
    void this.connect();
  }

  stop(): void {
    this.wanted = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.abort?.abort();
    this.abort = null;
  }

  private schedule(): void {
    if (!this.wanted || this.timer) return;
    const delay = this.options.backoff(this.attempt++);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.connect();
    }, delay);
  }

  private async connect(): Promise<void> {
    if (!this.wanted || this.running) return;
    this.running = true;
    const controller = new AbortController();
    this.abort = controller;
    let unauthorized = false;
    try {
      const lastEventId = this.lastEventId ?? (await this.options.cursor());
      if (controller.signal.aborted) return;
      const response = await this.options.open(
        lastEventId && lastEventId !== '0' ? lastEventId : null,
        controller.signal,
      );
      if (response.status === 401) {
        unauthorized = true;
        await response.body?.cancel().catch(() => {});
        return;
      }
      if (!response.ok || !response.body) {
        await response.body?.cancel().catch(() => {});
        return;
      }
      this.opened++;
      this.attempt = 0;
      this.options.onOpen?.();
      const parser = new SseParser();
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        for (const frame of parser.push(value)) {
          if (frame.type !== 'event' || frame.event !== 'change') continue;
          if (frame.id) this.lastEventId = frame.id;
          const cursor = changeCursor(frame.data) ?? frame.id;
          if (cursor) this.options.onChange(cursor);
        }
      }
    } catch {
      /* network gone or aborted: reconnect below if still wanted */
    } finally {
      this.running = false;
      if (this.abort === controller) this.abort = null;
      if (unauthorized) {
        this.wanted = false;
        this.options.onUnauthorized();
      } else {
        this.schedule();
      }
    }
  }
}

function changeCursor(data: string): string | null {
  try {
    const cursor = (JSON.parse(data) as { cursor?: unknown }).cursor;
    return typeof cursor === 'string' && /^\d+$/.test(cursor) ? cursor : null;
  } catch {
    return null;
  }
}
