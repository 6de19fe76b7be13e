import { setImmediate as nextTurn } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { CoalescingStream } from "./coalesce.server";

// Decision 187: what a render writes in one pass leaves as one chunk.

function collect(stream: CoalescingStream) {
  const chunks: string[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk.toString("utf8")));
  const ended = new Promise<void>((resolve) => stream.on("end", () => resolve()));
  return { chunks, ended };
}

describe("CoalescingStream", () => {
  it("joins the pieces written in one turn into one chunk, bytes unchanged", async () => {
    const stream = new CoalescingStream();
    const { chunks, ended } = collect(stream);
    const pieces = ["<!DOCTYPE html>", '<html lang="en-GB">', "<body>£27.50 – ✓</body>", "</html>"];
    for (const piece of pieces) stream.write(Buffer.from(piece));
    await nextTurn();
    expect(chunks).toEqual([pieces.join("")]);
    stream.end();
    await ended;
    expect(chunks).toEqual([pieces.join("")]);
  });

  it("lets a later pass (streamed data) leave as its own chunk, as soon as that pass is over", async () => {
    const stream = new CoalescingStream();
    const { chunks, ended } = collect(stream);
    stream.write(Buffer.from("shell-a"));
    stream.write(Buffer.from("shell-b"));
    await nextTurn();
    stream.write(Buffer.from("later-a"));
    stream.write(Buffer.from("later-b"));
    await nextTurn();
    expect(chunks).toEqual(["shell-ashell-b", "later-alater-b"]);
    stream.end();
    await ended;
  });

  it("sends what is still held when the render ends in the same turn", async () => {
    const stream = new CoalescingStream();
    const { chunks, ended } = collect(stream);
    stream.write(Buffer.from("one"));
    stream.end(Buffer.from("two"));
    await ended;
    expect(chunks).toEqual(["onetwo"]);
  });
});
