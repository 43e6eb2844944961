import { TOOL_FIELDS, type ToolField, type UpdatedTool } from "./vocabulary.ts";
import { writeField } from "./fields.ts";
import { toolTable, type ToolContext } from "./view.ts";

export interface Rewritten {
  /** The host's input with every field that has a place set; undefined when none had. */
  input?: Record<string, unknown>;
  /** Fields the host's tool has no place for (or cannot take in that shape): left as they were. */
  lost: ToolField[];
}

/** `updatedTool` merged over `base` (the original input, or the handler's updatedInput), the host's way. */
export function applyUpdatedTool(ctx: ToolContext, toolName: string, base: Record<string, unknown>, update: UpdatedTool): Rewritten {
  const fields = toolTable(ctx.tools).get(toolName)?.fields;
  let input: Record<string, unknown> | undefined;
  const lost: ToolField[] = [];
  for (const field of TOOL_FIELDS) {
    const value = update[field];
    if (value === undefined) continue;
    const ref = fields?.[field];
    const next = ref === undefined ? undefined : writeField(input ?? base, ref, value);
    if (next) input = next;
    else lost.push(field);
  }
  return { input, lost };
}

/** For install's report of a fixed rewrite: per field of `update`, the tools among `names` that have no place for it. */
export function unplacedFields(ctx: ToolContext, names: readonly string[], update: UpdatedTool): Partial<Record<ToolField, string[]>> {
  const out: Partial<Record<ToolField, string[]>> = {};
  for (const field of TOOL_FIELDS) {
    if (update[field] === undefined) continue;
    const value = update[field]!;
    const missing = names.filter((name) => !applyUpdatedTool(ctx, name, {}, { [field]: value }).input);
    if (missing.length) out[field] = missing;
  }
  return out;
}
