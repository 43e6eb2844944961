import { describe, expect, test } from "bun:test";
import { AREA_BYTES, keepBegun, keepProvisional, keptFor, writableArea } from "./provisional.ts";

const key = { pid: 4242, startedAt: 1_796_390_348_874.5 };
const deny = { exitCode: 0, stdout: '{"decision":"block"}\n', stderr: "" };

function area() {
  const bytes = new Uint8Array(AREA_BYTES);
  return { bytes, writable: writableArea(bytes)! };
}

describe("a slot's area", () => {
  test("a call begun: where its stderr begins, no reply yet", () => {
    const { bytes, writable } = area();
    keepBegun(writable, key, { pid: 77, from: 1024 });
    expect(keptFor(bytes, key)).toEqual({ printed: { pid: 77, from: 1024 } });
  });

  test("the reply made: both", () => {
    const { bytes, writable } = area();
    keepBegun(writable, key, { pid: 77, from: 0 });
    keepProvisional(writable, key, deny);
    expect(keptFor(bytes, key)).toEqual({ printed: { pid: 77, from: 0 }, reply: deny });
  });

  test("nothing for another call (another pid, another start)", () => {
    const { bytes, writable } = area();
    keepBegun(writable, key, { pid: 77, from: 0 });
    keepProvisional(writable, key, deny);
    expect(keptFor(bytes, { ...key, pid: 4243 })).toBeUndefined();
    expect(keptFor(bytes, { ...key, startedAt: key.startedAt + 1 })).toBeUndefined();
  });

  test("a new call forgets the last one's reply", () => {
    const { bytes, writable } = area();
    keepBegun(writable, key, { pid: 77, from: 0 });
    keepProvisional(writable, key, deny);
    const next = { pid: 5000, startedAt: key.startedAt + 10 };
    keepBegun(writable, next, undefined);
    expect(keptFor(bytes, next)).toEqual({});
    expect(keptFor(bytes, key)).toBeUndefined();
  });

  test("a reply too large to keep: only where the stderr begins", () => {
    const { bytes, writable } = area();
    keepBegun(writable, key, { pid: 77, from: 5 });
    keepProvisional(writable, key, { ...deny, stdout: "x".repeat(AREA_BYTES) });
    expect(keptFor(bytes, key)).toEqual({ printed: { pid: 77, from: 5 } });
  });

  test("a smaller area is never read", () => {
    expect(keptFor(new Uint8Array(16), key)).toBeUndefined();
    expect(writableArea(new Uint8Array(16))).toBeUndefined();
  });
});
