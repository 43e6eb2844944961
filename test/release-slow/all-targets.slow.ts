/**
 * `npm run test:release`: the whole release, every target (cross-compiled; Bun fetches each
 * target's runtime from npm once), built twice from the same commit and compared byte for byte;
 * the formula and manifest checked against all of it; install.sh run against it on 127.0.0.1.
 * Slow (five 100 MB binaries, twice): not part of `npm test`, which checks the host target.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sandbox } from "../support/harness.ts";
import { buildRelease, checkRubySyntax, formulaDownloads, readSums, runAsync, serveRelease, sha256, type ReleaseServer } from "../support/release.ts";
import { TARGETS } from "../../src/install/self/release.ts";
import pkg from "../../package.json" with { type: "json" };
import { generous } from "../support/budget.ts";

setDefaultTimeout(600_000);

let first = "";
let second = "";
let server: ReleaseServer;

beforeAll(() => {
  server = serveRelease(() => first);
  const args = ["--targets", "all", "--base-url", server.base.replace(pkg.version, "{version}")];
  first = buildRelease(args);
  second = buildRelease(args);
}, generous(3_600_000));
afterAll(() => server.stop());

describe("the release, every target", () => {
  test("two builds from the same commit are byte-identical (binaries, archives, formula, manifest, scripts)", () => {
    const files = ["SHA256SUMS", "agent-connector.rb", "agent-connector.json", "install.sh", "install.ps1"];
    const differing = files.filter((file) => !readFileSync(join(first, file)).equals(readFileSync(join(second, file))));
    expect(differing).toEqual([]);
    expect(readSums(first).size).toBe(TARGETS.length * 2);
  });

  test("SHA256SUMS matches every file", () => {
    for (const [name, hash] of readSums(first)) expect(`${name} ${sha256(readFileSync(join(first, name)))}`).toBe(`${name} ${hash}`);
  });

  test("the formula: valid Ruby, one download per macOS and Linux CPU, each sha256 the archive's", () => {
    expect(checkRubySyntax(join(first, "agent-connector.rb"))).toMatchObject({ ok: true });
    const downloads = formulaDownloads(readFileSync(join(first, "agent-connector.rb"), "utf8"));
    expect(downloads.map((d) => d.url)).toEqual(
      ["darwin-arm64", "darwin-x64", "linux-arm64", "linux-x64"].map((t) => `${server.base}/agent-connector-${t}.tar.gz`),
    );
    for (const d of downloads) expect(d.sha256).toBe(sha256(readFileSync(join(first, d.url.split("/").pop()!))));
  });

  test("the Scoop manifest: the zip's URL and hash", () => {
    const manifest = JSON.parse(readFileSync(join(first, "agent-connector.json"), "utf8"));
    expect(manifest.architecture["64bit"]).toEqual({
      url: `${server.base}/agent-connector-windows-x64.zip`,
      hash: sha256(readFileSync(join(first, "agent-connector-windows-x64.zip"))),
    });
  });

  test("install.sh installs this machine's binary from the full release", async () => {
    const box = sandbox();
    const result = await runAsync(["sh", join(first, "install.sh")], { cwd: box.root, env: box.env });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toStartWith(`installed ~/.agent-connector/bin/agent-connector: agent-connector ${pkg.version}`);
  });

  test("sizes are reported", () => {
    const sizes = readFileSync(join(first, "SIZES.md"), "utf8");
    process.stderr.write(sizes);
    expect(sizes.split("\n").filter((l) => l.startsWith("| ") && !l.startsWith("| target"))).toHaveLength(TARGETS.length);
  });
});
