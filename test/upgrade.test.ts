/**
 * `upgrade` against a fake release on 127.0.0.1: SHA256SUMS first, so an installed binary that is
 * the release's downloads nothing else; otherwise the compressed archive, checked against
 * SHA256SUMS before its binary is used; progress on a terminal.
 */
import { afterAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BIN, sandbox, type Sandbox } from "./support/harness.ts";
import { runAsync, sha256 } from "./support/release.ts";
import { tempDir } from "./support/temp.ts";
import { has, terminal } from "./support/tmux.ts";
import { archive } from "../build/release/archive.ts";
import { archiveName, artifactName } from "../build/release/names.ts";
import { hostTarget } from "../src/install/self/release.ts";
import { unpackBinary } from "../src/install/self/unpack.ts";

// The binary is 100 MB, copied, gzipped and hashed several times on a shared machine.
setDefaultTimeout(120_000);

const BINARY = artifactName(hostTarget());
const ARCHIVE = archiveName(hostTarget());
const current = readFileSync(BIN);
const newer = Buffer.concat([current, Buffer.from("\n# a newer build\n")]);
const newerArchive = (() => {
  const dir = tempDir("ac-upgrade-release-");
  const binary = join(dir, "agent-connector");
  writeFileSync(binary, newer);
  archive(binary, "agent-connector", join(dir, ARCHIVE), 315532800, 1);
  return readFileSync(join(dir, ARCHIVE));
})();

/** A release page: the files it serves, and every path asked for. `slow` sends the archive in small pieces. */
const files = new Map<string, Uint8Array>();
const requested: string[] = [];
let slow = false;
const server = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  fetch(request) {
    const name = new URL(request.url).pathname.slice(1);
    requested.push(name);
    const bytes = files.get(name);
    if (!bytes) return new Response("not found", { status: 404 });
    if (!slow) return new Response(bytes);
    const piece = Math.ceil(bytes.length / 40);
    let at = 0;
    const body = new ReadableStream({
      async pull(controller) {
        await Bun.sleep(100);
        controller.enqueue(bytes.subarray(at, at + piece));
        at += piece;
        if (at >= bytes.length) controller.close();
      },
    });
    return new Response(body);
  },
});
afterAll(() => server.stop(true));
const base = `http://127.0.0.1:${server.port}`;

function publish(release: { binary: Uint8Array; archive: Uint8Array }) {
  files.clear();
  requested.length = 0;
  files.set(BINARY, release.binary);
  files.set(ARCHIVE, release.archive);
  files.set("SHA256SUMS", Buffer.from(`${sha256(release.binary)}  ${BINARY}\n${sha256(release.archive)}  ${ARCHIVE}\n`));
}

function installed(): { box: Sandbox; stable: string } {
  const box = sandbox();
  expect(box.cli(["self-install"]).exitCode).toBe(0);
  return { box, stable: join(box.env.AGENT_CONNECTOR_HOME!, "bin", "agent-connector") };
}

const upgrade = (box: Sandbox, stable: string) => runAsync([stable, "upgrade"], { cwd: box.project, env: { ...box.env, AGENT_CONNECTOR_RELEASE_BASE: base } });

describe("upgrade", () => {
  test("the installed binary is the release's: nothing but SHA256SUMS is downloaded", async () => {
    const { box, stable } = installed();
    publish({ binary: current, archive: Buffer.from("never asked for") });
    const result = await upgrade(box, stable);
    expect(result.stdout).toBe(
      `~/.agent-connector/bin/agent-connector is already ${BINARY} (sha256 ${sha256(current).slice(0, 12)}…, per ${base}/SHA256SUMS): nothing to do\n`,
    );
    expect(result.exitCode).toBe(0);
    expect(requested).toEqual(["SHA256SUMS"]);
  });

  test("a newer release: the compressed archive is downloaded, checked, and its binary replaces the installed one", async () => {
    const { box, stable } = installed();
    publish({ binary: newer, archive: newerArchive });
    const result = await upgrade(box, stable);
    expect(result.stderr).toBe("");
    expect(result.stdout).toStartWith(`upgraded ~/.agent-connector/bin/agent-connector: `);
    expect(result.stdout).toContain(`(sha256 verified against ${base}/SHA256SUMS)`);
    expect(result.exitCode).toBe(0);
    expect(requested).toEqual(["SHA256SUMS", ARCHIVE]);
    expect(sha256(readFileSync(stable))).toBe(sha256(newer));
  });

  test("an archive that is not the one SHA256SUMS lists is refused (exit 1), and the binary stays", async () => {
    const { box, stable } = installed();
    publish({ binary: newer, archive: newerArchive });
    const tampered = Buffer.concat([newerArchive, Buffer.from("tampered")]);
    files.set(ARCHIVE, tampered);
    const result = await upgrade(box, stable);
    expect(result.stderr).toBe(
      `[error] checksum mismatch for ${base}/${ARCHIVE}: ${base}/SHA256SUMS says ${sha256(newerArchive)}, the file is ${sha256(tampered)}. ${stable} was not changed.\n`,
    );
    expect(result.exitCode).toBe(1);
    expect(sha256(readFileSync(stable))).toBe(sha256(current));
  });

  const noTmux = !has("tmux");
  if (noTmux) console.log("[skip] upgrade progress test: tmux is not installed on this machine");
  test.skipIf(noTmux)("at a terminal, the download shows its progress; in a pipe it does not", async () => {
    const { box, stable } = installed();
    publish({ binary: newer, archive: newerArchive });
    slow = true;
    // The shell stays after upgrade ends, so the screen can still be read.
    const screen = terminal(["sh", "-c", `"${stable}" upgrade; sleep 60`], { ...box.env, AGENT_CONNECTOR_RELEASE_BASE: base, TERM: "xterm" });
    try {
      // A streamed body goes out chunked, without a length: the line shows the MB received.
      expect(await screen.waitFor(/downloading \S+: [\d.]+ MB/)).toContain(`downloading ${ARCHIVE}: `);
    } finally {
      screen.close();
      slow = false;
    }
    const again = installed();
    const piped = await upgrade(again.box, again.stable);
    expect(piped.exitCode).toBe(0);
    expect(piped.stderr).not.toContain("downloading");
  });
});

describe("the Windows archive", () => {
  const noZip = !has("zip");
  if (noZip) console.log("[skip] zip unpack test: zip is not installed on this machine");
  test.skipIf(noZip)("a .zip as build/release.ts writes it gives back the exe inside, byte for byte", () => {
    const dir = tempDir("ac-upgrade-zip-");
    const exe = Buffer.concat([Buffer.from("MZ a stand-in for the Windows binary "), Buffer.alloc(200_000, 7)]);
    writeFileSync(join(dir, "agent-connector.exe"), exe);
    archive(join(dir, "agent-connector.exe"), "agent-connector.exe", join(dir, "agent-connector-windows-x64.zip"), 315532800, 9);
    expect(Buffer.from(unpackBinary("agent-connector-windows-x64.zip", readFileSync(join(dir, "agent-connector-windows-x64.zip"))))).toEqual(exe);
  });
});
