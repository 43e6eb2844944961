// A scripted, stateless stand-in for the model APIs that the real hosts call.
//
// It listens on 127.0.0.1 only (port 0 = a free port) and speaks just enough of:
//   - Anthropic Messages      POST /v1/messages (SSE or JSON), HEAD / (probe)
//   - Gemini                  POST /v1beta/models/<m>:generateContent (JSON-schema answers)
//                             POST /v1beta/models/<m>:streamGenerateContent?alt=sse
//   - OpenAI Responses        POST /v1/responses (SSE)
//   - OpenAI Chat Completions POST /v1/chat/completions (SSE or JSON)
//   - Augment's backend       POST /get-models, /chat-stream, … (mock-augment.ts; Auggie)
//
// Every decision is made from the request alone:
//   a tool result is already in the conversation -> answer with the final text;
//   a shell tool is offered                        -> call it with the scripted command
//                                                     (or, with `tool`, the tool it names, first
//                                                     searched for where the host defers it:
//                                                     mock-tool-search.ts);
//   otherwise                                      -> answer with a short text.
// Every request is recorded so that a test can assert what the host sent the model.

import { existsSync, writeFileSync } from "node:fs";
import { augmentAnswer } from "./mock-augment.ts";
import { BRIDGE_TOOLS, foundToolNames, SEARCH_TOOLS } from "./mock-tool-search.ts";

export type Api = "anthropic" | "gemini" | "responses" | "chat" | "augment" | "other";

export interface RecordedRequest {
  method: string;
  path: string;
  api: Api;
  /** the raw request body as text */
  text: string;
  /** the parsed JSON body, or undefined */
  json: any;
  /** what the mock answered: "tool-call", "final", "text", "schema", "probe", "other" */
  answer: string;
  /** name of the tool the mock called, if any */
  tool?: string;
  /** the deferred tool the call reached through the host's bridge tool (`tool`), if it went through one */
  target?: string;
}

/** What the mock answers one model request with. */
interface Decision {
  answer: string;
  tool: string | undefined;
  input: unknown;
  text: string;
  target?: string;
}

export interface MockOptions {
  /** the shell command the model asks the host to run */
  command?: string;
  /** the text the model answers once a tool result is present */
  finalText?: string;
  /** text answered when no shell tool is offered */
  plainText?: string;
  /** call this tool instead of the shell when an offered tool name matches (an MCP server's tool) */
  tool?: { match: RegExp; input: Record<string, unknown>; result: string /** keywords for a host's deferred-tool search */; search?: string };
  /** a file written when the first model turn arrives (the host's session is set up by then) */
  firstTurnMark?: string;
}

export interface MockModel {
  url: string;
  port: number;
  requests: RecordedRequest[];
  /** all recorded model requests that offered or used tools (the "agent" turns) */
  modelRequests(): RecordedRequest[];
  /** true if any recorded request body contains the text (JSON-escaped forms included) */
  sawText(text: string): boolean;
  stop(): void;
}

export const DEFAULT_COMMAND = "echo hi | tee tool-ran.marker";
export const FINAL_TEXT = "E2E final answer: done.";
const PLAIN_TEXT = "E2E plain answer.";

// Known shell tools and how each host wants the arguments shaped.
const SHELL_TOOLS: Record<string, (cmd: string) => Record<string, unknown>> = {
  Bash: (cmd) => ({ command: cmd, description: "Run the e2e command" }),
  bash: (cmd) => ({ command: cmd, description: "Run the e2e command" }),
  run_shell_command: (cmd) => ({ command: cmd, description: "Run the e2e command" }),
  exec_command: (cmd) => ({ cmd }),
  shell_command: (cmd) => ({ command: cmd }),
  shell: (cmd) => ({ command: ["bash", "-lc", cmd] }),
  exec: (cmd) => ({ command: cmd }),
  Execute: (cmd) => ({ command: cmd, riskLevel: "low", riskLevelReason: "e2e test" }),
  run_commands: (cmd) => ({ commands: [cmd] }),
  "launch-process": (cmd) => ({ command: cmd, wait: true, max_wait_seconds: 30 }),
};
const SHELL_PREFERENCE = Object.keys(SHELL_TOOLS);

function pickShellTool(names: string[]): string | undefined {
  for (const p of SHELL_PREFERENCE) if (names.includes(p)) return p;
  return undefined;
}

let idCounter = 0;
const nextId = (prefix: string) => `${prefix}_${Date.now().toString(36)}${(++idCounter).toString(36)}`;

// ---------- request inspection ----------

function anthropicToolNames(body: any): string[] {
  return Array.isArray(body?.tools) ? body.tools.map((t: any) => t?.name).filter(Boolean) : [];
}
function anthropicHasToolResult(body: any): boolean {
  return (body?.messages ?? []).some((m: any) => Array.isArray(m?.content) && m.content.some((c: any) => c?.type === "tool_result"));
}

function geminiToolNames(body: any): string[] {
  const out: string[] = [];
  for (const t of body?.tools ?? []) for (const f of t?.functionDeclarations ?? []) if (f?.name) out.push(f.name);
  return out;
}
function geminiHasToolResult(body: any): boolean {
  return (body?.contents ?? []).some((c: any) => (c?.parts ?? []).some((p: any) => p?.functionResponse));
}

function responsesToolNames(body: any): string[] {
  // Codex offers its deferred-tool search as a built-in `{type: "tool_search"}`; MCP tools it
  // found come back as functions or inside a `{type: "namespace", tools}` group.
  return (body?.tools ?? [])
    .flatMap((t: any) =>
      t?.type === "namespace"
        ? (t.tools ?? []).map((n: any) => namespaced(t.name, n.name))
        : [t?.name ?? t?.function?.name ?? (t?.type === "tool_search" ? "tool_search" : undefined)],
    )
    .filter(Boolean);
}

/** A namespaced tool's full name: `mcp__s__` + `t` (what tool_search returns), or `mcp__s` + `__` + `t` (0.171.0 with tool_search off). */
const namespaced = (namespace: string, name: string) => (namespace.endsWith("_") ? `${namespace}${name}` : `${namespace}__${name}`);

/** The function call for a tool offered inside a namespace: its own name and the namespace (Responses API). */
function responsesCallName(body: any, toolName: string): { name: string; namespace?: string } {
  for (const t of body?.tools ?? []) {
    if (t?.type !== "namespace") continue;
    const inner = (t.tools ?? []).find((n: any) => namespaced(t.name, n.name) === toolName);
    if (inner) return { name: inner.name, namespace: t.name };
  }
  return { name: toolName };
}
function responsesHasToolResult(body: any): boolean {
  const input = Array.isArray(body?.input) ? body.input : [];
  return input.some((i: any) => typeof i?.type === "string" && i.type.endsWith("_call_output"));
}

function chatToolNames(body: any): string[] {
  return (body?.tools ?? []).map((t: any) => t?.function?.name ?? t?.name).filter(Boolean);
}
function chatHasToolResult(body: any): boolean {
  return (body?.messages ?? []).some((m: any) => m?.role === "tool" || m?.role === "function");
}

// Build a value that satisfies a (small) JSON schema: used for Gemini's
// router classifier and its "next speaker" check.
function fromSchema(schema: any, key = ""): any {
  if (!schema || typeof schema !== "object") return null;
  if (Array.isArray(schema.enum) && schema.enum.length) {
    if (key === "next_speaker" && schema.enum.includes("user")) return "user";
    return schema.enum[0];
  }
  const type = String(Array.isArray(schema.type) ? schema.type[0] : (schema.type ?? "object")).toLowerCase();
  switch (type) {
    case "object": {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries<any>(schema.properties ?? {})) out[k] = fromSchema(v, k);
      return out;
    }
    case "array":
      return schema.items ? [fromSchema(schema.items, key)] : [];
    case "string":
      return key === "next_speaker" ? "user" : "e2e";
    case "number":
    case "integer":
      return typeof schema.minimum === "number" ? schema.minimum : 1;
    case "boolean":
      return false;
    default:
      return null;
  }
}

// ---------- answers ----------

const sse = (chunks: string[]) =>
  new Response(chunks.join(""), {
    headers: { "content-type": "text/event-stream", "cache-control": "no-cache" },
  });
const json = (value: unknown, status = 200) => new Response(JSON.stringify(value), { status, headers: { "content-type": "application/json" } });

function anthropicAnswer(body: any, toolName: string | undefined, toolInput: any, text: string): Response {
  const id = nextId("msg_mock");
  const model = body?.model ?? "mock-model";
  const usage = { input_tokens: 10, output_tokens: 5, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
  const block = toolName ? { type: "tool_use", id: nextId("toolu_mock"), name: toolName, input: toolInput } : { type: "text", text };
  const stopReason = toolName ? "tool_use" : "end_turn";
  if (!body?.stream) {
    return json({ id, type: "message", role: "assistant", model, content: [block], stop_reason: stopReason, stop_sequence: null, usage });
  }
  const ev = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
  const chunks = [
    ev("message_start", {
      type: "message_start",
      message: { id, type: "message", role: "assistant", model, content: [], stop_reason: null, stop_sequence: null, usage },
    }),
  ];
  if (toolName) {
    chunks.push(
      ev("content_block_start", { type: "content_block_start", index: 0, content_block: { ...block, input: {} } }),
      ev("content_block_delta", {
        type: "content_block_delta",
        index: 0,
        delta: { type: "input_json_delta", partial_json: JSON.stringify(toolInput) },
      }),
    );
  } else {
    chunks.push(
      ev("content_block_start", { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } }),
      ev("content_block_delta", { type: "content_block_delta", index: 0, delta: { type: "text_delta", text } }),
    );
  }
  chunks.push(
    ev("content_block_stop", { type: "content_block_stop", index: 0 }),
    ev("message_delta", { type: "message_delta", delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: 5 } }),
    ev("message_stop", { type: "message_stop" }),
  );
  return sse(chunks);
}

function geminiCandidate(toolName: string | undefined, toolInput: any, text: string) {
  const part = toolName ? { functionCall: { name: toolName, args: toolInput, id: nextId("call_mock") } } : { text };
  return {
    candidates: [{ content: { role: "model", parts: [part] }, finishReason: "STOP", index: 0 }],
    usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
    modelVersion: "mock-model",
  };
}

function responsesAnswer(body: any, toolName: string | undefined, toolInput: any, text: string): Response {
  const respId = nextId("resp_mock");
  const model = body?.model ?? "mock-model";
  const item =
    toolName === "tool_search" && (body?.tools ?? []).some((t: any) => t?.type === "tool_search")
      ? { type: "tool_search_call", id: nextId("ts_mock"), call_id: nextId("call_mock"), execution: "client", arguments: toolInput, status: "completed" }
      : toolName
        ? {
            type: "function_call",
            id: nextId("fc_mock"),
            call_id: nextId("call_mock"),
            ...responsesCallName(body, toolName),
            arguments: JSON.stringify(toolInput),
            status: "completed",
          }
        : { type: "message", id: nextId("msg_mock"), role: "assistant", status: "completed", content: [{ type: "output_text", text, annotations: [] }] };
  const usage = {
    input_tokens: 10,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: 5,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: 15,
  };
  const base = { id: respId, object: "response", created_at: Math.floor(Date.now() / 1000), model };
  let seq = 0;
  const ev = (type: string, data: Record<string, unknown>) => `event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: seq++, ...data })}\n\n`;
  const chunks = [
    ev("response.created", { response: { ...base, status: "in_progress", output: [] } }),
    ev("response.output_item.added", { output_index: 0, item: toolName ? { ...item, arguments: "" } : { ...item, content: [] } }),
  ];
  if (!toolName) {
    chunks.push(ev("response.output_text.delta", { item_id: item.id, output_index: 0, content_index: 0, delta: text }));
  }
  chunks.push(
    ev("response.output_item.done", { output_index: 0, item }),
    ev("response.completed", { response: { ...base, status: "completed", output: [item], usage } }),
  );
  return sse(chunks);
}

function chatAnswer(body: any, toolName: string | undefined, toolInput: any, text: string): Response {
  const id = nextId("chatcmpl_mock");
  const model = body?.model ?? "mock-model";
  const created = Math.floor(Date.now() / 1000);
  const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };
  const call = toolName ? { id: nextId("call_mock"), type: "function", function: { name: toolName, arguments: JSON.stringify(toolInput) } } : undefined;
  const finish = toolName ? "tool_calls" : "stop";
  if (!body?.stream) {
    const message = call ? { role: "assistant", content: null, tool_calls: [call] } : { role: "assistant", content: text };
    return json({ id, object: "chat.completion", created, model, choices: [{ index: 0, message, finish_reason: finish }], usage });
  }
  const chunk = (delta: unknown, finish_reason: string | null, extra: Record<string, unknown> = {}) =>
    `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model, choices: [{ index: 0, delta, finish_reason }], ...extra })}\n\n`;
  const chunks = [chunk({ role: "assistant", content: "" }, null)];
  if (call) chunks.push(chunk({ tool_calls: [{ index: 0, ...call }] }, null));
  else chunks.push(chunk({ content: text }, null));
  chunks.push(chunk({}, finish));
  if (body?.stream_options?.include_usage) {
    chunks.push(`data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model, choices: [], usage })}\n\n`);
  }
  chunks.push("data: [DONE]\n\n");
  return sse(chunks);
}

// ---------- server ----------

export function startMockModel(opts: MockOptions = {}): MockModel {
  const command = opts.command ?? DEFAULT_COMMAND;
  const finalText = opts.finalText ?? FINAL_TEXT;
  const plainText = opts.plainText ?? PLAIN_TEXT;
  const requests: RecordedRequest[] = [];

  let waited = false;
  /** Waits with the shell tool so far: a host that starts MCP servers slowly (omp, under load) gets up to three. */
  let shellWaits = 0;
  let calledTool = false;
  const decide = (names: string[], hasResult: boolean, body = "", parsed?: unknown): Decision => {
    if (opts.firstTurnMark && !existsSync(opts.firstTurnMark)) writeFileSync(opts.firstTurnMark, "");
    if (opts.tool && body.includes(opts.tool.result)) return { answer: "final", tool: undefined, input: undefined, text: finalText };
    if (hasResult && !opts.tool) return { answer: "final", tool: undefined, input: undefined, text: finalText };
    if (opts.tool) {
      const wanted = names.find((name) => opts.tool!.match.test(name));
      // One call: a result without the expected text (an error, a refusal) ends the turn.
      if (wanted && !calledTool) {
        calledTool = true;
        return { answer: "tool-call", tool: wanted, input: opts.tool.input, text: "" };
      }
      // A search already returned it, and the host keeps it undeclared: call it through the host's bridge.
      const found = calledTool ? undefined : foundToolNames(parsed).find((name) => opts.tool!.match.test(name));
      const bridge = found && names.find((name) => name in BRIDGE_TOOLS);
      if (found && bridge) {
        calledTool = true;
        return { answer: "tool-call", tool: bridge, target: found, input: BRIDGE_TOOLS[bridge]!(found, opts.tool.input), text: "" };
      }
      // Claude Code 2.1.197 connects MCP servers in the background and offers a tool to wait for them;
      // Claude Code 2.1.332, Qwen Code (and Codex, Droid) defer MCP tools until the model fetches their
      // declarations with a search tool (mock-tool-search.ts).
      if (names.includes("WaitForMcpServers") && !waited) {
        waited = true;
        return { answer: "wait-mcp", tool: "WaitForMcpServers", input: {}, text: "" };
      }
      const search = names.find((name) => SEARCH_TOOLS.includes(name));
      if (search && !waited && opts.tool.search) {
        waited = true;
        return { answer: "tool-search", tool: search, input: { query: opts.tool.search }, text: "" };
      }
      // The server is not up yet (Codex starts MCP servers beside the first turn; omp, on a busy
      // machine, took longer than one wait): wait with the shell tool, and look at the next request's tools.
      const shell = pickShellTool(names);
      if (shell && (!waited || (shellWaits > 0 && shellWaits < 3))) {
        waited = true;
        shellWaits++;
        return { answer: "wait-mcp", tool: shell, input: SHELL_TOOLS[shell]!("sleep 5"), text: "" };
      }
      return { answer: hasResult ? "final" : "text", tool: undefined, input: undefined, text: hasResult ? finalText : plainText };
    }
    const tool = pickShellTool(names);
    if (tool) return { answer: "tool-call", tool, input: SHELL_TOOLS[tool]!(command), text: "" };
    return { answer: "text", tool: undefined, input: undefined, text: plainText };
  };

  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    idleTimeout: 120,
    async fetch(req) {
      const url = new URL(req.url);
      const path = url.pathname;
      const text = req.method === "GET" || req.method === "HEAD" ? "" : await req.text();
      let body: any;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = undefined;
      }
      const rec: RecordedRequest = { method: req.method, path: path + url.search, api: "other", text, json: body, answer: "other" };
      requests.push(rec);

      if (req.method === "HEAD") {
        rec.answer = "probe";
        return new Response(null, { status: 200 });
      }

      // Anthropic Messages
      if (req.method === "POST" && /\/v1\/messages$/.test(path)) {
        rec.api = "anthropic";
        const d = decide(anthropicToolNames(body), anthropicHasToolResult(body), text, body);
        rec.answer = d.answer;
        rec.tool = d.tool;
        rec.target = d.target;
        return anthropicAnswer(body, d.tool, d.input, d.text);
      }
      if (req.method === "POST" && /\/v1\/messages\/count_tokens$/.test(path)) {
        rec.api = "anthropic";
        return json({ input_tokens: 10 });
      }

      // Gemini
      const gm = path.match(/\/models\/([^/:]+):(generateContent|streamGenerateContent|countTokens)$/);
      if (req.method === "POST" && gm) {
        rec.api = "gemini";
        const method = gm[2];
        if (method === "countTokens") return json({ totalTokens: 10 });
        const schema = body?.generationConfig?.responseJsonSchema ?? body?.generationConfig?.responseSchema;
        if (method === "generateContent" && schema) {
          rec.answer = "schema";
          return json(geminiCandidate(undefined, undefined, JSON.stringify(fromSchema(schema))));
        }
        const d = decide(geminiToolNames(body), geminiHasToolResult(body), text, body);
        rec.answer = d.answer;
        rec.tool = d.tool;
        rec.target = d.target;
        const payload = geminiCandidate(d.tool, d.input, d.text);
        if (method === "generateContent") return json(payload);
        return sse([`data: ${JSON.stringify(payload)}\n\n`]);
      }

      // OpenAI Responses
      if (req.method === "POST" && /\/responses$/.test(path)) {
        rec.api = "responses";
        const d = decide(responsesToolNames(body), responsesHasToolResult(body), text, body);
        rec.answer = d.answer;
        rec.tool = d.tool;
        rec.target = d.target;
        return responsesAnswer(body, d.tool, d.input, d.text);
      }

      // OpenAI Chat Completions
      if (req.method === "POST" && /\/chat\/completions$/.test(path)) {
        rec.api = "chat";
        const d = decide(chatToolNames(body), chatHasToolResult(body), text, body);
        rec.answer = d.answer;
        rec.tool = d.tool;
        rec.target = d.target;
        return chatAnswer(body, d.tool, d.input, d.text);
      }

      // Augment's backend (Auggie)
      if (req.method === "POST") {
        const augment = augmentAnswer(path, body, decide, () => nextId("call_mock"));
        if (augment) {
          rec.api = "augment";
          if (augment.decision) {
            rec.answer = augment.decision.answer;
            rec.tool = augment.decision.tool;
          }
          return augment.response;
        }
      }

      // Model listings some hosts probe for.
      if (req.method === "GET" && /\/models$/.test(path)) {
        return json({ object: "list", data: [{ id: "mock-model", object: "model", owned_by: "e2e" }], models: [] });
      }
      return json({ error: { message: `mock-model: no route for ${req.method} ${path}` } }, 404);
    },
  });

  const port = server.port!;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    modelRequests: () => requests.filter((r) => r.answer === "tool-call" || r.answer === "final" || r.answer === "text"),
    sawText: (t: string) => {
      const escaped = JSON.stringify(t).slice(1, -1);
      return requests.some((r) => r.text.includes(t) || r.text.includes(escaped));
    },
    stop: () => server.stop(true),
  };
}
