import { connect } from 'node:net';

export interface Received {
  id: string | null;
  data: Record<string, unknown>;
}

/** An open text/event-stream: the events read so far, and a wait for one that matches. */
export async function openStream(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { Accept: 'text/event-stream', ...headers }, signal: controller.signal });
  const events: Received[] = [];
  const comments: string[] = [];
  let waiters: (() => void)[] = [];
  // Resolves when the server ends the stream (or close() aborts it).
  let ended: Promise<void> = Promise.resolve();
  if (response.ok) {
    ended = (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const lines = block.split('\n');
            const data = lines.find((line) => line.startsWith('data: '));
            if (data) events.push({ id: lines.find((line) => line.startsWith('id: '))?.slice(4) ?? null, data: JSON.parse(data.slice(6)) });
            else comments.push(block);
            waiters.forEach((wake) => wake());
          }
        }
      } catch {
        // aborted by close()
      }
    })();
  }
  return {
    response,
    events,
    comments,
    ended,
    async waitFor(match: (event: Received) => boolean, timeoutMs = 5000): Promise<Received> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No matching event in ${timeoutMs} ms; got ${JSON.stringify(events)}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
        waiters = [];
      }
    },
    close: () => controller.abort(),
  };
}

/** Sends a stream request and resets the connection at once, while the server is still setting the stream up. */
export async function resetDuringSetup(url: string) {
  const { hostname, port, pathname, search } = new URL(url);
  await new Promise<void>((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(`GET ${pathname}${search} HTTP/1.1\r\nHost: ${hostname}\r\nAccept: text/event-stream\r\n\r\n`, () => {
        socket.resetAndDestroy();
        resolve();
      });
    });
    socket.on('error', reject);
  });
}
