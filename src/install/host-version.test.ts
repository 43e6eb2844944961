import { describe, expect, test } from "bun:test";
import { compareVersions, standingOf, versionIn } from "./host-version.ts";

describe("compareVersions", () => {
  test("numbers, not text: 2.1.10 is newer than 2.1.9", () => expect(compareVersions("2.1.10", "2.1.9")).toBe(1));
  test("a missing part is 0", () => expect(compareVersions("1.2", "1.2.0")).toBe(0));
  test("a pre-release comes before its release", () => expect(compareVersions("1.0.0-beta.1", "1.0.0")).toBe(-1));
});

describe("standingOf", () => {
  const verified = [
    { version: "2.1.197", by: "real run", on: "2026-12-04" },
    { version: "2.1.332", by: "source", on: "2026-12-04" },
    { by: "docs", on: "2026-12-04" },
  ] as const;
  test.each([
    ["2.1.197", "verified"],
    ["2.1.200", "within"],
    ["2.1.400", "newer"],
    ["2.0.0", "older"],
    [undefined, "unknown"],
  ] as const)("%s → %s", (installed, standing) => expect(standingOf(installed, verified)).toBe(standing));
  test("docs alone give nothing to compare with", () => expect(standingOf("1.0.0", [{ by: "docs", on: "2026-12-04" }])).toBe("unknown"));
});

describe("versionIn", () => {
  test.each([
    ["2.1.197 (Claude Code)", "2.1.197"],
    ["codex-cli 0.171.0", "0.171.0"],
    ["GitHub Copilot CLI 1.0.102.\nRun 'copilot update' to check for updates.", "1.0.102"],
    ["no version here", undefined],
  ])("%j → %s", (text, version) => expect(versionIn(text)).toBe(version));
});
