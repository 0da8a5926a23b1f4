import { describe, expect, it } from 'vitest';
import { type SseFrame, SseParser } from '../../src/shared/api/sse';

const events = (frames: SseFrame[]) => frames.filter((f) => f.type === 'event');

describe('SseParser (text/event-stream)', () => {
  it('parses our change frames and heartbeat comments', () => {
    const p = new SseParser();
    const frames = p.push(': open\n\nid: 12\nevent: change\ndata: {"cursor":"12"}\n\n: ping\n\n');
    expect(frames).toEqual([
      { type: 'comment', text: 'open' },
      { type: 'event', event: 'change', data: '{"cursor":"12"}', id: '12' },
      { type: 'comment', text: 'ping' },
    ]);
    expect(p.lastEventId).toBe('12');
  });

  it('handles a frame cut anywhere, including between \\r and \\n', () => {
    const text = 'id: 7\r\nevent: change\r\ndata: {"cursor":"7"}\r\n\r\nid: 8\revent: change\rdata: x\r\r';
    for (let cut = 0; cut <= text.length; cut++) {
      const p = new SseParser();
      const frames = [...p.push(text.slice(0, cut)), ...p.push(text.slice(cut))];
      expect(events(frames), `cut at ${cut}`).toEqual([
        { type: 'event', event: 'change', data: '{"cursor":"7"}', id: '7' },
        { type: 'event', event: 'change', data: 'x', id: '8' },
      ]);
    }
    // one character at a time
    const p = new SseParser();
    const frames = [...text].flatMap((c) => p.push(c));
    expect(events(frames).map((e) => e.id)).toEqual(['7', '8']);
  });

  it('joins data lines, defaults the event name, keeps the id across frames, reads retry', () => {
    const p = new SseParser();
    const frames = p.push('retry: 3000\nid: 5\ndata: a\ndata:b\n\ndata: c\n\n');
    expect(events(frames)).toEqual([
      { type: 'event', event: 'message', data: 'a\nb', id: '5' },
      { type: 'event', event: 'message', data: 'c', id: '5' },
    ]);
    expect(p.retry).toBe(3000);
  });

  it('a frame without data is no event; an unfinished frame waits; unknown fields are ignored', () => {
    const p = new SseParser();
    expect(events(p.push('id: 9\nevent: change\n\nfoo: bar\n'))).toEqual([]);
    expect(p.lastEventId).toBe('9');
    expect(events(p.push('data: y'))).toEqual([]);
    expect(events(p.push('\n\n'))).toEqual([{ type: 'event', event: 'message', data: 'y', id: '9' }]);
  });
});
