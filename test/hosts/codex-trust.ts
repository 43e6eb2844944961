// Codex runs a user/project hook only once it is trusted: trust is stored in
// config.toml as `[hooks.state."<hooks.json path>:<event>:<group>:<handler>"] trusted_hash`.
// This does what Codex's own /hooks review does, through `codex app-server`
// (newline-delimited JSON-RPC on stdio):
//   initialize -> initialized -> hooks/list{cwds} -> config/batchWrite{edits}

export interface CodexHook {
  key: string;
  eventName: string;
  command?: string;
  currentHash: string;
  trustStatus: string; // untrusted | trusted | modified | managed
  source?: string;
}

export interface TrustResult {
  /** every non-managed hook Codex sees, as listed before trusting */
  before: CodexHook[];
  /** keys this call trusted */
  trusted: string[];
}

type Pending = { resolve: (v: any) => void; reject: (e: Error) => void };

export async function codexTrustHooks(
  codexBin: string,
  opts: { cwd: string; env: Record<string, string>; timeoutMs?: number; listOnly?: boolean },
): Promise<TrustResult> {
  const proc = Bun.spawn([codexBin, "app-server"], {
    cwd: opts.cwd,
    env: opts.env,
    stdin: "pipe",
    stdout: "pipe",
    stderr: "ignore",
    detached: true,
  });
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let closed = false;

  const reader = (async () => {
    const decoder = new TextDecoder();
    let buf = "";
    for await (const chunk of proc.stdout as ReadableStream<Uint8Array>) {
      buf += decoder.decode(chunk, { stream: true });
      let nl: number;
      while ((nl = buf.indexOf("\n")) >= 0) {
        const line = buf.slice(0, nl).trim();
        buf = buf.slice(nl + 1);
        if (!line) continue;
        let msg: any;
        try {
          msg = JSON.parse(line);
        } catch {
          continue;
        }
        if (typeof msg.id === "number" && pending.has(msg.id) && ("result" in msg || "error" in msg)) {
          const p = pending.get(msg.id)!;
          pending.delete(msg.id);
          if (msg.error) p.reject(new Error(`codex app-server: ${JSON.stringify(msg.error)}`));
          else p.resolve(msg.result);
        }
      }
    }
    closed = true;
    for (const p of pending.values()) p.reject(new Error("codex app-server closed its output"));
    pending.clear();
  })();

  const send = (msg: Record<string, unknown>) => {
    proc.stdin.write(`${JSON.stringify(msg)}\n`);
    proc.stdin.flush();
  };
  const call = (method: string, params: unknown) =>
    new Promise<any>((resolve, reject) => {
      if (closed) return reject(new Error("codex app-server is not running"));
      const id = nextId++;
      pending.set(id, { resolve, reject });
      send({ id, method, params });
    });

  const timeout = setTimeout(() => {
    for (const p of pending.values()) p.reject(new Error("codex app-server timed out"));
    pending.clear();
  }, opts.timeoutMs ?? 20_000);

  try {
    await call("initialize", {
      clientInfo: { name: "agent-connector-e2e", version: "0.0.0" },
      capabilities: { experimentalApi: true },
    });
    send({ method: "initialized" });
    const listed = await call("hooks/list", { cwds: [opts.cwd] });
    const hooks: CodexHook[] = [];
    for (const entry of listed?.data ?? []) for (const h of entry?.hooks ?? []) if (!h.isManaged) hooks.push(h);
    const toTrust = opts.listOnly ? [] : hooks.filter((h) => h.trustStatus !== "trusted" && h.trustStatus !== "managed");
    if (toTrust.length) {
      await call("config/batchWrite", {
        edits: toTrust.map((h) => ({
          keyPath: `hooks.state.${JSON.stringify(h.key)}`,
          value: { enabled: true, trusted_hash: h.currentHash },
          mergeStrategy: "replace",
        })),
      });
    }
    return { before: hooks, trusted: toTrust.map((h) => h.key) };
  } finally {
    clearTimeout(timeout);
    try {
      proc.stdin.end();
    } catch {}
    try {
      process.kill(-proc.pid, "SIGKILL");
    } catch {}
    await proc.exited;
    await reader.catch(() => {});
  }
}
