// Augment's own backend API, as much of it as Auggie (the Augment CLI) needs to run one session
// against the mock: Auggie talks to its "tenant URL", never to an LLM API. Plugged into
// mock-model.ts, which owns the server, the recording and the stateless decision.
//
//   POST /get-models                      models + feature_flags.enable_hooks (hooks run only with it)
//   POST /chat-stream                     NDJSON lines {text, nodes, stop_reason}
//   POST /agents/list-remote-tools        no remote tools
//   POST /settings/get-mcp-*-configs      no MCP servers
//
// A request's `tool_definitions` are the tools offered; a `tool_result_node` (node type 1) in its
// `nodes` means a tool ran. A tool call is node type 5 with stop_reason 3, text ends with 1.

export interface AugmentDecision {
  answer: string;
  tool?: string;
  input?: unknown;
  text: string;
}

const TOOL_RESULT_NODE = 1;
const TOOL_USE_NODE = 5;
const TEXT_NODE = 0;
const STOP_END_TURN = 1;
const STOP_TOOL_USE = 3;

const toolNames = (body: any): string[] => (Array.isArray(body?.tool_definitions) ? body.tool_definitions.map((t: any) => t?.name).filter(Boolean) : []);
const hasToolResult = (body: any): boolean => (body?.nodes ?? []).some((n: any) => n?.type === TOOL_RESULT_NODE);

const ndjson = (lines: unknown[]) =>
  new Response(`${lines.map((l) => JSON.stringify(l)).join("\n")}\n`, { headers: { "content-type": "application/x-ndjson" } });
const json = (value: unknown) => new Response(JSON.stringify(value), { headers: { "content-type": "application/json" } });

const MODELS = {
  default_model: "mock-model",
  models: [{ name: "mock-model", suggested_prefix_char_count: 1000, suggested_suffix_char_count: 1000 }],
  languages: [],
  feature_flags: { enable_hooks: true },
};

/**
 * The answer to an Augment API request, or undefined when `path` is not one of its endpoints.
 * `decide` is the mock's stateless choice (tool call, final text or plain text) for the offered tools.
 */
export function augmentAnswer(
  path: string,
  body: any,
  decide: (tools: string[], hasResult: boolean) => AugmentDecision,
  callId: () => string,
): { decision?: AugmentDecision; response: Response } | undefined {
  if (path === "/get-models") return { response: json(MODELS) };
  if (path === "/agents/list-remote-tools") return { response: json({ tools: [] }) };
  if (path === "/settings/get-mcp-tenant-configs" || path === "/settings/get-mcp-user-configs") return { response: json({}) };
  if (path !== "/chat-stream") return undefined;
  const decision = decide(toolNames(body), hasToolResult(body));
  if (decision.tool) {
    const node = { id: 1, type: TOOL_USE_NODE, tool_use: { tool_use_id: callId(), tool_name: decision.tool, input_json: JSON.stringify(decision.input) } };
    return { decision, response: ndjson([{ text: "", nodes: [node], stop_reason: STOP_TOOL_USE }]) };
  }
  const node = { id: 0, type: TEXT_NODE, content: decision.text };
  return {
    decision,
    response: ndjson([
      { text: decision.text, nodes: [node] },
      { text: "", nodes: [], stop_reason: STOP_END_TURN },
    ]),
  };
}
