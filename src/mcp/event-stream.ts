/**
 * An answer as a `text/event-stream`: each JSON-RPC message one `message` event, and a comment
 * every 15 s while the answer is pending, so that proxies keep a long scan's answer open.
 */
export const EVENT_STREAM_HEADERS = {
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
};

const KEEP_ALIVE_MS = 15_000;

export class EventStream {
  readonly readable: ReadableStream<Uint8Array>;
  #controller!: ReadableStreamDefaultController<Uint8Array>;
  #closed = false;
  readonly #keepAlive: ReturnType<typeof setInterval>;
  readonly #encoder = new TextEncoder();

  /** `onCancel`: the client stopped reading (it went away). */
  constructor(onCancel: () => void) {
    this.readable = new ReadableStream({
      start: (controller) => {
        this.#controller = controller;
      },
      cancel: () => {
        this.#stop();
        onCancel();
      },
    });
    this.#keepAlive = setInterval(() => this.#write(': keepalive\n\n'), KEEP_ALIVE_MS);
    // On Node, a pending answer does not keep the process alive by itself.
    (this.#keepAlive as { unref?: () => void }).unref?.();
  }

  send(message: unknown): void {
    this.#write(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
  }

  close(): void {
    if (this.#closed) return;
    this.#stop();
    this.#controller.close();
  }

  #stop(): void {
    this.#closed = true;
    clearInterval(this.#keepAlive);
  }

  #write(text: string): void {
    if (!this.#closed) this.#controller.enqueue(this.#encoder.encode(text));
  }
}
