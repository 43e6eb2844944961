import { statSync } from "node:fs";
import { hostname, userInfo } from "node:os";
import { exportRequest, type Origin } from "../audit/otlp-encode.ts";
import { oneLine } from "../one-line.ts";
import { VERSION } from "../version.ts";
import { nextBatch, type Batch, type Limits } from "./otlp-batch.ts";
import { Claim } from "./otlp-claim.ts";
import { ledgerFolderProblem } from "./home-folders.ts";
import { cursorDir, cursorPath, readCursor, writeCursor, type Cursor } from "./otlp-cursor.ts";
import { shippingTargets, shownUrl, type Target } from "./otlp-targets.ts";

/**
 * The daemon ships the decision ledger to the collectors named (src/daemon/otlp-targets.ts) as
 * OTLP log records over HTTP/JSON (src/audit/otlp-encode.ts): batched, in ledger order, from each
 * target's cursor (src/daemon/otlp-cursor.ts), which moves only once the collector accepted a
 * batch (2xx). Nothing of this runs on a call's path: the daemon loads it with a dynamic import
 * (src/daemon/serve.ts) and it reads the ledger the calls wrote. A collector that is down, slow or
 * refusing is retried with a growing delay; the records wait in the ledger meanwhile, and a daemon
 * that leaves (idle, killed) leaves the cursor where the last accepted batch ended, for the next one.
 */

type Env = Record<string, string | undefined>;

export interface ShippingOptions {
  /** How often a target that is caught up looks for new records, and targets are looked up again. */
  pollMs: number;
  /** The longest wait between two attempts at a collector that does not accept. */
  maxRetryMs: number;
  limits: Limits;
}

/** The first retry waits this long; each failure doubles it, up to maxRetryMs. */
const FIRST_RETRY_MS = 1_000;
const DEFAULT_MAX_RETRY_MS = 60_000;
/** The longest the environment may set (AGENT_CONNECTOR_OTLP_RETRY_MAX_MS). */
const RETRY_MAX_ENV = "AGENT_CONNECTOR_OTLP_RETRY_MAX_MS";

export function shippingOptions(env: Env): ShippingOptions {
  const max = Number(env[RETRY_MAX_ENV]);
  return {
    pollMs: 1_000,
    maxRetryMs: Number.isInteger(max) && max > 0 ? max : DEFAULT_MAX_RETRY_MS,
    // A collector's request limit is commonly some MiB (the OpenTelemetry Collector's default: 20 MiB).
    limits: { records: 512, bytes: 1_000_000 },
  };
}

/** A collector's answer to one request. */
interface Answer {
  accepted: boolean;
  /** A status that says the same request will be refused again (4xx other than 429). */
  refused?: boolean;
  /** The request was too large or malformed (400, 413): smaller batches may pass. */
  smaller?: boolean;
  retryAfterMs?: number;
  rejected?: number;
  message: string;
}

function retryAfter(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isFinite(at) ? Math.max(0, at - Date.now()) : undefined;
}

async function post(target: Target, body: string): Promise<Answer> {
  let response: Response;
  try {
    response = await fetch(target.url, {
      method: "POST",
      headers: { ...target.headers, "content-type": "application/json" },
      body,
      signal: AbortSignal.timeout(target.timeoutMs),
    });
  } catch (error) {
    return { accepted: false, message: `no answer: ${(error as Error).message}` };
  }
  const text = await response.text().catch(() => "");
  if (response.ok) {
    // OTLP partial success: the request was accepted; the collector says some records were not.
    let rejected = 0;
    try {
      rejected = Number((JSON.parse(text) as { partialSuccess?: { rejectedLogRecords?: string | number } }).partialSuccess?.rejectedLogRecords) || 0;
    } catch {
      // An empty or non-JSON body: all accepted.
    }
    return { accepted: true, rejected, message: `HTTP ${response.status}` };
  }
  const status = response.status;
  return {
    accepted: false,
    refused: status >= 400 && status < 500 && status !== 429,
    smaller: status === 400 || status === 413,
    retryAfterMs: retryAfter(response.headers.get("retry-after")),
    message: `HTTP ${status}${text ? `: ${oneLine(text.slice(0, 200))}` : ""}`,
  };
}

/** One target: its cursor, its claim, its pace. */
class Shipper {
  private readonly path: string;
  private readonly claim: Claim;
  private failures = 0;
  private records: number;
  stopped = false;

  constructor(
    private readonly env: Env,
    /** Updated in place when the same collector is named with other headers or timeout. */
    public target: Target,
    private readonly origin: Origin,
    private readonly options: ShippingOptions,
  ) {
    this.path = cursorPath(env, target.id);
    this.claim = new Claim(`${cursorDir(env)}/${target.id}.lock`);
    this.records = options.limits.records;
  }

  private cursor(): Cursor {
    return readCursor(this.path) ?? { v: 1, url: shownUrl(this.target.url), from: this.target.from, shipped: 0 };
  }

  async run(): Promise<void> {
    while (!this.stopped) {
      let wait: number;
      try {
        wait = await this.round();
      } catch {
        // The ledger or the cursor cannot be read or written now (a full disk, a folder made unreadable): later.
        wait = this.options.maxRetryMs;
      }
      await Bun.sleep(wait);
    }
  }

  release(): void {
    this.claim.release();
  }

  /** One batch, or a look for one: how long to wait before the next round. */
  private async round(): Promise<number> {
    // A ledger folder another user could change is neither read nor written: what is in it may not
    // be ours, and a cursor or claim written there could be redirected (status says so).
    if (ledgerFolderProblem(this.env, (path) => statSync(path, { throwIfNoEntry: false }))) return this.options.pollMs;
    if (!this.claim.hold()) return this.options.pollMs; // another daemon ships to this target
    const cursor = this.cursor();
    const batch = nextBatch(this.env, cursor.at, { ...this.options.limits, records: this.records });
    if (!batch.end) return this.options.pollMs;
    if (!batch.lines.length) {
      this.accepted(cursor, batch, undefined); // only lines that are not records: passed over
      return 0;
    }
    const answer = await post(this.target, exportRequest(batch.lines, this.origin));
    // Taken over while the request was out (src/daemon/otlp-claim.ts): the other daemon moves the cursor.
    if (!this.claim.held() || this.stopped) return this.options.pollMs;
    if (answer.accepted) {
      this.accepted(cursor, batch, answer);
      return 0;
    }
    return this.failed(cursor, answer);
  }

  private accepted(cursor: Cursor, batch: Batch, answer: Answer | undefined): void {
    const lost = batch.lost ? batch.lost.to - batch.lost.from + 1 : 0;
    const { failing: _, ...rest } = cursor;
    writeCursor(this.path, {
      ...rest,
      url: shownUrl(this.target.url),
      at: batch.end,
      ...(answer ? { shippedAt: new Date().toISOString() } : {}),
      shipped: cursor.shipped + batch.lines.length,
      ...(answer?.rejected || cursor.rejected ? { rejected: (cursor.rejected ?? 0) + (answer?.rejected ?? 0) } : {}),
      ...(lost || cursor.lost ? { lost: (cursor.lost ?? 0) + lost } : {}),
    });
    this.failures = 0;
    // Halved after a refusal: grows back as batches pass.
    this.records = Math.min(this.options.limits.records, this.records * 2);
  }

  private failed(cursor: Cursor, answer: Answer): number {
    this.failures++;
    if (answer.smaller && this.records > 1) {
      this.records = Math.max(1, Math.floor(this.records / 2));
      return FIRST_RETRY_MS;
    }
    if (cursor.failing?.message !== answer.message)
      writeCursor(this.path, { ...cursor, failing: { since: cursor.failing?.since ?? new Date().toISOString(), message: answer.message } });
    const { maxRetryMs } = this.options;
    // A refusal will not mend by itself (a wrong token, a wrong path): retried at the slowest pace.
    if (answer.refused) return maxRetryMs;
    return Math.min(maxRetryMs, answer.retryAfterMs ?? FIRST_RETRY_MS * 2 ** Math.min(this.failures - 1, 20));
  }
}

function origin(): Origin {
  let userName: string | undefined;
  try {
    userName = userInfo().username;
  } catch {
    // No user name for this uid (a container's): left out.
  }
  return { serviceVersion: VERSION, hostName: hostname(), userName };
}

/** The shipping of one daemon: a shipper per target named, looked up again every poll (the machine's file can change). */
export interface Shipping {
  shippers: Map<string, Shipper>;
  problems: string[];
  stop(): void;
}

export function startShipping(env: Env = process.env, options = shippingOptions(env)): Shipping {
  const shipping: Shipping = {
    shippers: new Map(),
    problems: [],
    stop() {
      clearInterval(timer);
      for (const shipper of shipping.shippers.values()) {
        shipper.stopped = true;
        shipper.release();
      }
    },
  };
  const from = origin();
  const look = () => {
    const { targets, problems } = shippingTargets(env);
    shipping.problems = problems;
    for (const target of targets) {
      const known = shipping.shippers.get(target.id);
      if (known) {
        known.target = target;
        continue;
      }
      const shipper = new Shipper(env, target, from, options);
      shipping.shippers.set(target.id, shipper);
      void shipper.run();
    }
    for (const [id, shipper] of shipping.shippers)
      if (!targets.some((t) => t.id === id)) {
        shipper.stopped = true;
        shipping.shippers.delete(id);
      }
  };
  look();
  const timer = setInterval(look, options.pollMs);
  // The daemon leaves by process.exit (src/daemon/serve.ts): the claims go with it.
  process.on("exit", () => shipping.stop());
  return shipping;
}
