import { describe, expect, it } from 'vitest';
import { LiveChannel } from '../../src/client/local/sync/live';

/** A Response whose body the test writes frames into, and can end. */
function streamResponse() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    send: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

const tick = (ms = 5) => new Promise((r) => setTimeout(r, ms));

describe('LiveChannel (the sync engine’s SSE stream)', () => {
  it('opens with the local cursor, reports change events, reconnects after a drop with Last-Event-ID and backoff', async () => {
    const opens: Array<{
      lastEventId: string | null;
      signal: AbortSignal;
      s: ReturnType<typeof streamResponse>;
    }> = [];
    const changes: string[] = [];
    const delays: number[] = [];
    const live = new LiveChannel({
      open: async (lastEventId, signal) => {
        const s = streamResponse();
        opens.push({ lastEventId, signal, s });
        return s.response;
      },
      cursor: async () => '41',
      onChange: (c) => changes.push(c),
      onUnauthorized: () => {
        throw new Error('not expected');
      },
      backoff: (attempt) => {
        delays.push(attempt);
        return 10;
      },
    });
    live.start();
    live.start(); // idempotent
    await tick();
    expect(opens.map((o) => o.lastEventId)).toEqual(['41']);
    opens[0]?.s.send(': open\n\nid: 42\nevent: change\ndata: {"cursor":"42"}\n\n: ping\n\n');
    opens[0]?.s.send('id: 45\nevent: change\nda');
    opens[0]?.s.send('ta: {"cursor":"45"}\n\n');
    await tick();
    expect(changes).toEqual(['42', '45']);
    opens[0]?.s.end(); // the server closed it (restart, the oldest of too many streams)
    await tick(40);
    expect(opens.map((o) => o.lastEventId)).toEqual(['41', '45']);
    expect(delays).toEqual([0]);
    expect(live.opened).toBe(2);
    live.stop();
    expect(opens[1]?.signal.aborted).toBe(true);
    await tick(40);
    expect(opens).toHaveLength(2); // stopped: no reconnect
  });

  it('a network failure backs off with growing attempts; a 401 ends it and says so', async () => {
    let calls = 0;
    const attempts: number[] = [];
    let unauthorized = 0;
    const live = new LiveChannel({
      open: async () => {
        calls++;
        if (calls <= 2) throw new TypeError('Failed to fetch');
        return new Response('{"success":false}', { status: 401 });
      },
      cursor: async () => null,
      onChange: () => {},
      onUnauthorized: () => unauthorized++,
      backoff: (attempt) => {
        attempts.push(attempt);
        return 5;
      },
    });
    live.start();
    await tick(60);
    expect(calls).toBe(3);
    expect(attempts).toEqual([0, 1]);
    expect(unauthorized).toBe(1);
    expect(live.active).toBe(false);
    await tick(30);
    expect(calls).toBe(3);
  });
});
