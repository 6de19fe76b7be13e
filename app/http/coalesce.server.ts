import { Transform, type TransformCallback } from "node:stream";

/**
 * Joins what a render writes in one turn of the event loop into one chunk (issue 37 item 4, decision 187).
 *
 * React writes a page in pieces of about 2 KB, and Remix's adapter writes each piece to the response and flushes it,
 * so each piece became a compressed block of its own (a brotli or gzip flush, a trip to libuv's thread pool) and a
 * write of its own. What React writes in one pass comes out here as one piece once the pass is over (setImmediate),
 * so a page without deferred data leaves in one or two chunks; streamed parts still leave as soon as they are written.
 */
export class CoalescingStream extends Transform {
  private parts: Buffer[] = [];
  private scheduled = false;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.parts.push(chunk);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.release());
    }
    done();
  }

  override _flush(done: TransformCallback): void {
    this.release();
    done();
  }

  private release(): void {
    this.scheduled = false;
    if (this.parts.length === 0) return;
    const joined = this.parts.length === 1 ? this.parts[0]! : Buffer.concat(this.parts);
    this.parts = [];
    this.push(joined);
  }
}
