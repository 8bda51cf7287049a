// The stream a server render is piped into (app/entry.server.tsx): one chunk
// per batch React completes, instead of one per 4 KB piece React writes.
// See docs/decisions/0040-render-cost.md.
//
// React writes a document in 4 KB pieces and calls `flush()` on its
// destination after each batch of completed work (the whole shell, then each
// Suspense boundary as it resolves). The adapter that sends a Response
// (@react-router/node's writeReadableStreamToWritable) flushes the
// compression stream after every chunk it reads: with one chunk per piece, a
// 40 KB page paid ten zlib sync flushes and ten small socket writes, about a
// fifth of the server's CPU under load. Joined per batch, the page is one
// chunk and one flush, and streaming still works: a batch React completes
// later (a deferred loader value) is its own chunk, flushed when it comes.
import { Writable } from "node:stream";

export interface RenderStream {
  /** Pipe React's render into this. */
  destination: Writable;
  /** The body of the Response: one chunk per batch React flushed. */
  body: ReadableStream<Uint8Array>;
}

/**
 * A destination for `renderToPipeableStream(...).pipe()` and the web stream
 * that carries what it receives, joined per `flush()`. `onDone` runs once,
 * when React ends or destroys the stream or the reader cancels it.
 * `onComplete`, when given, receives the whole document once React has
 * ended it normally (the render memo keeps it).
 */
export function createRenderStream(
  onDone: () => void = () => {},
  onComplete?: (document: Buffer) => void,
): RenderStream {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let pending: Buffer[] = [];
  let closed = false;
  const sent: Buffer[] | null = onComplete ? [] : null;

  const release = () => {
    if (pending.length === 0 || closed) return;
    const chunk = pending.length === 1 ? pending[0]! : Buffer.concat(pending);
    pending = [];
    sent?.push(chunk);
    controller.enqueue(chunk);
  };

  class BatchingWritable extends Writable {
    /** React calls this after each batch of completed work. */
    flush() {
      release();
    }
  }
  const destination = new BatchingWritable({
    write(chunk: Buffer, _encoding, callback) {
      // React hands over a fresh view each time and never writes into it
      // again, so holding the reference until the batch ends is safe.
      pending.push(chunk);
      callback();
    },
    final(callback) {
      release();
      if (!closed) {
        closed = true;
        controller.close();
        onDone();
        if (sent) onComplete!(sent.length === 1 ? sent[0]! : Buffer.concat(sent));
      }
      callback();
    },
    destroy(error, callback) {
      // React gave up (a render error after the shell, or the abort timer):
      // end the body too, so the response does not hang.
      if (!closed) {
        closed = true;
        if (error) controller.error(error);
        else controller.close();
        onDone();
      }
      callback(error);
    },
  });

  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel() {
      // The client went away: React stops rendering when its destination closes.
      closed = true;
      pending = [];
      onDone();
      destination.destroy();
    },
  });
  return { destination, body };
}
