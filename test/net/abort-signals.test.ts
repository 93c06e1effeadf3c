import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { anySignal, withTimeout } from '../../src/net/abort-signals.ts';

/** Runs `body` as on a runtime without AbortSignal.any (Vercel's edge-runtime sandbox). */
async function withoutAbortSignalAny(body: () => Promise<void> | void): Promise<void> {
  const original = Object.getOwnPropertyDescriptor(AbortSignal, 'any');
  (AbortSignal as { any?: unknown }).any = undefined;
  try {
    await body();
  } finally {
    if (original) Object.defineProperty(AbortSignal, 'any', original);
  }
}

describe('combining abort signals without AbortSignal.any', () => {
  test('aborts with the reason of whichever signal aborts first', () =>
    withoutAbortSignalAny(() => {
      const a = new AbortController();
      const b = new AbortController();
      const combined = anySignal([a.signal, b.signal]);
      assert.equal(combined.aborted, false);
      b.abort(new Error('second'));
      assert.equal(combined.aborted, true);
      assert.equal((combined.reason as Error).message, 'second');
      a.abort(new Error('later'));
      assert.equal((combined.reason as Error).message, 'second');
    }));

  test('is aborted at once when a signal already is', () =>
    withoutAbortSignalAny(() => {
      const combined = anySignal([new AbortController().signal, AbortSignal.abort('gone')]);
      assert.equal(combined.aborted, true);
      assert.equal(combined.reason, 'gone');
    }));

  test('times out when the caller never aborts', () =>
    withoutAbortSignalAny(async () => {
      const signal = withTimeout(new AbortController().signal, 10);
      const keepAlive = setTimeout(() => {}, 5_000); // Node's timeout signals do not hold the event loop open
      await new Promise((resolve) => signal.addEventListener('abort', resolve));
      clearTimeout(keepAlive);
      assert.equal((signal.reason as DOMException).name, 'TimeoutError');
    }));
});

describe('a deadline', () => {
  test("ends with the caller's reason when the caller aborts first", () => {
    const caller = new AbortController();
    const deadline = withTimeout(caller.signal, 60_000);
    assert.equal(deadline.aborted, false);
    caller.abort(new Error('client left'));
    assert.equal(deadline.aborted, true);
    assert.equal((deadline.reason as Error).message, 'client left');
  });

  test('is aborted at once when the caller already is', () => {
    const deadline = withTimeout(AbortSignal.abort('gone'), 60_000);
    assert.equal(deadline.aborted, true);
    assert.equal(deadline.reason, 'gone');
  });
});
