import { act } from '@testing-library/react';

/** Stands in for the browser's EventSource (jsdom has none): a test opens, fails and feeds each stream. */
export class FakeEventSource {
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 1;
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  close() {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }
  send(data: object, lastEventId = '') {
    act(() => this.onmessage?.({ data: JSON.stringify(data), lastEventId } as MessageEvent<string>));
  }
  fail() {
    act(() => this.onerror?.());
  }
}

/** Puts FakeEventSource where the browser's would be, with no stream opened yet; the returned function takes it away. */
export function installFakeEventSource(): () => void {
  FakeEventSource.opened = [];
  (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
  return () => {
    delete (globalThis as { EventSource?: unknown }).EventSource;
  };
}
