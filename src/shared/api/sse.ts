/**
 * A small parser of server-sent events (the text/event-stream format of the HTML standard), for
 * reading GET /api/events with fetch() — EventSource cannot send an Authorization header. Fed
 * the decoded text chunk by chunk as it arrives (a frame may be cut anywhere, even between \r
 * and \n); returns the frames completed by each chunk.
 *
 * Per the standard: lines end with \n, \r\n or \r; `field: value` (one space after the colon
 * dropped); a line starting with ':' is a comment (our heartbeat); a blank line dispatches the
 * frame; `data` lines are joined with \n; `id` persists as the last event id (not when it holds
 * NUL); `retry` is a number of ms. A frame with no data is not an event (only its id/retry count).
 */
export interface SseEvent {
  type: 'event';
  event: string;
  data: string;
  /** The last event id after this frame (persists across frames, as EventSource keeps it). */
  id: string;
}
export interface SseComment {
  type: 'comment';
  text: string;
}
export type SseFrame = SseEvent | SseComment;

export class SseParser {
  private buffer = '';
  private pendingCr = false;
  private data: string[] = [];
  private eventName = '';
  private hasData = false;
  /** The last event id seen (EventSource's "last event ID string"). */
  lastEventId = '';
  /** The reconnection time the server asked for (ms), if any. */
  retry: number | null = null;

  push(chunk: string): SseFrame[] {
    const frames: SseFrame[] = [];
    let text = chunk;
    // A \r ended the previous chunk: if this one starts with \n, that \n belongs to it.
    if (this.pendingCr) {
      this.pendingCr = false;
      if (text.startsWith('\n')) text = text.slice(1);
    }
    this.buffer += text;
    let start = 0;
    for (let i = 0; i < this.buffer.length; i++) {
      const c = this.buffer[i];
      if (c !== '\n' && c !== '\r') continue;
      this.line(this.buffer.slice(start, i), frames);
      if (c === '\r') {
        if (i + 1 < this.buffer.length) {
          if (this.buffer[i + 1] === '\n') i++;
        } else {
          this.pendingCr = true;
        }
      }
      start = i + 1;
    }
    this.buffer = this.buffer.slice(start);
    return frames;
  }

  private line(line: string, frames: SseFrame[]): void {
    if (line === '') {
      if (this.hasData) {
        frames.push({
          type: 'event',
          event: this.eventName || 'message',
          data: this.data.join('\n'),
          id: this.lastEventId,
        });
      }
      this.data = [];
      this.hasData = false;
      this.eventName = '';
      return;
    }
    if (line.startsWith(':')) {
      frames.push({ type: 'comment', text: line.slice(1).trimStart() });
      return;
    }
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'data':
        this.data.push(value);
        this.hasData = true;
        break;
      case 'event':
        this.eventName = value;
        break;
      case 'id':
        if (!value.includes('\0')) this.lastEventId = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) this.retry = Number(value);
        break;
      default:
      // unknown fields are ignored
    }
  }
}
