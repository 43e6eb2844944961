import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { isCompiled } from "../install/self/location.ts";
import { readLedger } from "../audit/ledger-read.ts";
import type { AuditRecord } from "../audit/record.ts";
import type { HookInput } from "../adapter.ts";
import { payloadVariables } from "./_probe.ts";

/** What the real hook path did with one call: the host's reply, and the ledger record it wrote (none: no opinion). */
export interface HookCallResult {
  exitCode: number;
  stdout: string;
  stderr: string;
  record?: AuditRecord;
}

/**
 * Runs `hook <host> <event> --config <file>` in a process of its own, as a host runs it (the
 * payload on stdin, the reply read back), with a private home: its ledger tells what the handler
 * answered and what the host does with it, and the user's own home, daemon and ledger stay untouched.
 * This binary, not the stable path's: `simulate` proves the build that runs it.
 */
export class HookCalls {
  private readonly home = mkdtempSync(join(tmpdir(), "ac-simulate-"));
  private readonly self = isCompiled() ? [process.execPath] : [process.execPath, resolve(import.meta.dir, "..", "cli.ts")];
  private seen = 0;

  call(host: string, event: string, config: string, payload: Record<string, unknown>, input: HookInput | undefined): HookCallResult {
    const env = { ...process.env, AGENT_CONNECTOR_HOME: this.home, AGENT_CONNECTOR_DAEMON: "0" };
    // A host that hands the call over in variables (Mux) gets them, and no stdin.
    const handOver = input?.kind === "env" ? payloadVariables(input, payload) : undefined;
    const proc = Bun.spawnSync([...this.self, "hook", host, event, "--config", config], {
      stdin: handOver ? "ignore" : Buffer.from(JSON.stringify(payload)),
      stdout: "pipe",
      stderr: "pipe",
      env: { ...env, ...handOver },
    });
    const lines = readLedger(env);
    const fresh = lines.slice(this.seen);
    this.seen = lines.length;
    return { exitCode: proc.exitCode ?? -1, stdout: proc.stdout.toString(), stderr: proc.stderr.toString(), record: fresh.at(-1)?.record };
  }

  close(): void {
    rmSync(this.home, { recursive: true, force: true });
  }
}
