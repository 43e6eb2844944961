import { describe, expect, test } from "bun:test";
import { BUSY, SERVES_ANOTHER } from "../daemon/address.ts";
import { afterHandoff, afterMiss, REQUIRE_WAIT_MS, type Patience } from "./client-choice.ts";
import type { Handoff } from "./handoff.ts";

const required: Patience = { require: true, elapsedMs: 100 };
const late: Patience = { require: true, elapsedMs: REQUIRE_WAIT_MS + 1 };
const optional: Patience = { require: false, elapsedMs: 100 };

describe("afterHandoff", () => {
  const cases: [string, Handoff["answer"], Patience, "again" | "miss" | "done"][] = [
    ["an answer", { exitCode: 0, stdout: "", stderr: "" }, required, "done"],
    ["no idle worker", { why: "none" }, optional, "miss"],
    ["no idle worker, required", { why: "none" }, required, "miss"],
    ["told BUSY", { retry: BUSY }, optional, "done"],
    ["told BUSY, required", { retry: BUSY }, required, "again"],
    ["told BUSY, required, past the wait", { retry: BUSY }, late, "done"],
    ["lost, required", { why: "lost" }, required, "again"],
    ["lost", { why: "lost" }, optional, "done"],
    ["lost, required, past the wait", { why: "lost" }, late, "done"],
    ["declined (another connector's worker), required", { retry: `${SERVES_ANOTHER} "other", not "test"` }, required, "again"],
    ["declined (another connector's worker), not required", { retry: `${SERVES_ANOTHER} "other", not "test"` }, optional, "done"],
    ["another retry, required", { retry: "not a hook call" }, required, "done"],
    ["overran, required", { why: "overran" }, required, "done"],
    ["stdin not written, required", { why: "stdin" }, required, "done"],
    ["untrusted, required", { why: "untrusted", detail: "x" }, required, "done"],
    ["absent, required", { why: "absent" }, required, "done"],
  ];
  for (const [name, answer, patience, next] of cases) test(name, () => expect(afterHandoff(answer, () => patience)).toBe(next));

  test("asks how long the call has run only when it could try again", () => {
    let asked = 0;
    afterHandoff({ exitCode: 0, stdout: "", stderr: "" }, () => (asked++, required));
    expect(asked).toBe(0);
  });

  test("at exactly REQUIRE_WAIT_MS it still tries again", () => {
    expect(afterHandoff({ retry: BUSY }, () => ({ require: true, elapsedMs: REQUIRE_WAIT_MS }))).toBe("again");
  });
});

describe("afterMiss", () => {
  test("no daemon: in-process (this call starts one), even when required", () => {
    expect(afterMiss("absent", required)).toBe("in-process");
  });
  test("no idle worker, not required: in-process at once", () => {
    expect(afterMiss("busy", optional)).toBe("in-process");
  });
  test("no idle worker, required: again until REQUIRE_WAIT_MS, then in-process", () => {
    expect(afterMiss("busy", required)).toBe("again");
    expect(afterMiss("busy", { require: true, elapsedMs: REQUIRE_WAIT_MS })).toBe("again");
    expect(afterMiss("busy", late)).toBe("in-process");
  });
});
