import { createTwoFilesPatch } from "diff";
import { assertMayChange, readText, removeEmptyFolder, removeFile, writeTextAtomic } from "../host-config/files.ts";
import { dropBackup, readBackup, recordWrite, type Backup } from "./backups.ts";
import { EDITORS, type EditAction, type FileEdit } from "./edits/index.ts";
import type { EditedFiles, EditOutcome } from "./edits/types.ts";

/** What one edit did (or, on --dry-run, would do) to its file. */
export interface FileChange {
  file: string;
  /** Whether the file's bytes change. */
  changed: boolean;
  /** Both null: there was no file and there is none. */
  before: string | null;
  after: string | null;
  diff?: string;
  removed: number;
  notes: string[];
  details?: Record<string, unknown>;
  warnings: string[];
  /** Set on a file that follows another (a companion, e.g. Codex's trust in config.toml). */
  follows?: string;
}

/** A file changed along with the host's own (Codex's trust in config.toml), as reports show it. */
export type CompanionResult = Omit<FileChange, "before" | "after" | "removed" | "follows">;

const companionResult = ({ before: _b, after: _a, removed: _r, follows: _f, ...rest }: FileChange): CompanionResult => rest;

/** What a host's own files (not those that follow them) came to, for one report line per host. */
export interface OwnChanges {
  changed: boolean;
  /** No file before nor after: nothing was (or would be) installed. */
  nothing: boolean;
  diff?: string;
  removed: number;
  warnings: string[];
}

/** A plan's changes split into the host's own files (several for a hooks folder) and their companions. */
export function splitChanges(changes: readonly FileChange[]): { own: OwnChanges; companions: CompanionResult[] } {
  const own = changes.filter((c) => !c.follows);
  const diff = own.flatMap((c) => (c.diff ? [c.diff] : [])).join("");
  return {
    own: {
      changed: own.some((c) => c.changed),
      nothing: own.every((c) => c.before === null && c.after === null),
      ...(diff ? { diff } : {}),
      removed: own.reduce((sum, c) => sum + c.removed, 0),
      warnings: own.flatMap((c) => c.warnings),
    },
    companions: changes.filter((c) => c.follows).map(companionResult),
  };
}

interface Computed {
  edit: FileEdit;
  before: string | null;
  after: string | null;
  outcome: EditOutcome;
  warnings: string[];
}

const unifiedDiff = (file: string, before: string, after: string): string => createTwoFilesPatch(file, file, before, after, "", "", { context: 3 });

/**
 * Carries out a plan's edits in order: each editor computes its file's new text (a later edit
 * sees what earlier ones made of their files), then every file is written, with backups. On
 * uninstall a file gets back the exact bytes it had before us when no entries of ours remain,
 * nobody changed it since our last write, and the recorded original holds no entries of ours (a
 * backup recorded after a lost one does); a following file only together with the one it follows.
 * Nothing is written on a dry run; the changes and diffs are the same.
 */
export function applyEdits(edits: readonly FileEdit[], action: EditAction, dryRun: boolean): FileChange[] {
  // `edited`: the file as the edits left it before any gave it its original bytes back.
  const texts = new Map<string, { before: string | null; after: string | null; edited: string | null }>();
  const restored = new Set<string>();
  const files: EditedFiles = { before: (file) => texts.get(file)?.before, after: (file) => texts.get(file)?.after, dryRun };
  const computed: Computed[] = edits.map((edit) => {
    const chained = texts.get(edit.file);
    const before = chained ? chained.after : readText(edit.file);
    let outcome = run(action, before, edit, files);
    let edited = outcome.after;
    // An earlier edit gave the file its original bytes back (Gemini's settings.json: the hooks'
    // edit, with the MCP servers' gone too): what this one took out is counted on the text before that.
    if (chained && restored.has(edit.file) && chained.edited !== before) {
      const counted = run(action, chained.edited, edit, files);
      outcome = { ...outcome, removed: counted.removed, details: counted.details };
      edited = counted.after;
    }
    // Several edits may share a file (Gemini's settings.json holds hooks and MCP servers): while
    // another one's entries of ours remain, this one's original bytes must not come back.
    if (action === "uninstall" && !outcome.oursRemain && outcome.after !== null && othersKeepOurs(edits, edit, outcome.after, files))
      outcome = { ...outcome, oursRemain: true };
    let after = outcome.after;
    const mayRestore = action === "uninstall" && !outcome.oursRemain && (edit.follows ? restored.has(edit.follows) : (outcome.removed ?? 0) > 0);
    const { backup, warning } = mayRestore ? readBackup(edit.file) : {};
    if (backup?.restorable && backup.written === before && edits.every((e) => e.file !== edit.file || holdsNoneOfOurs(backup, e, files))) {
      after = backup.original;
      restored.add(edit.file);
    }
    texts.set(edit.file, { before: chained?.before ?? before, after, edited });
    return { edit, before, after, outcome, warnings: warning ? [warning] : [] };
  });
  // Folders this run created: a later file of the run written inside one is removed with it too
  // (Cursor's mcp.json in the ~/.cursor its hooks.json made), so uninstall leaves no empty folder.
  const made: string[] = [];
  return computed.map((c) => commit(c, action, dryRun, made));
}

/**
 * Whether uninstalling from the recorded original would find nothing of ours to take out. A
 * following file is judged by the file it follows (its entries of ours are only recognisable
 * against that file), so it passes here.
 */
function holdsNoneOfOurs({ original }: Backup, edit: FileEdit, files: EditedFiles): boolean {
  if (original === null || edit.follows) return true;
  try {
    const outcome = run("uninstall", original, edit, files);
    return !outcome.removed && !outcome.oursRemain && outcome.after === original;
  } catch {
    return false;
  }
}

const run = (action: EditAction, before: string | null, edit: FileEdit, files: EditedFiles): EditOutcome =>
  (EDITORS[edit.kind][action] as (before: string | null, edit: FileEdit, files: EditedFiles) => EditOutcome)(before, edit, files);

/** Whether another edit of the list on the same file would leave entries of ours in `text`. */
function othersKeepOurs(edits: readonly FileEdit[], edit: FileEdit, text: string, files: EditedFiles): boolean {
  return edits.some((other) => {
    if (other === edit || other.file !== edit.file) return false;
    try {
      return run("uninstall", text, other, files).oursRemain;
    } catch {
      return true;
    }
  });
}

function commit({ edit, before, after, outcome, warnings }: Computed, action: EditAction, dryRun: boolean, made: string[]): FileChange {
  const changed = before !== after;
  const change: FileChange = {
    file: edit.file,
    changed,
    before,
    after,
    ...(changed ? { diff: unifiedDiff(edit.file, before ?? "", after ?? "") } : {}),
    removed: outcome.removed ?? 0,
    notes: outcome.notes ?? [],
    ...(outcome.details ? { details: outcome.details } : {}),
    warnings: [...(outcome.warnings ?? []), ...warnings],
    ...(edit.follows ? { follows: edit.follows } : {}),
  };
  if (dryRun) {
    // The real run would refuse this file: say so now, not "would change".
    if (changed && !(edit.follows && outcome.manualSteps)) assertMayChange(edit.file);
    return change;
  }
  let createdFolder: string | undefined;
  try {
    if (changed && after === null) {
      const created = readBackup(edit.file).backup?.createdFolder;
      removeFile(edit.file);
      if (outcome.pruneFolder || created) removeEmptyFolder(edit.file, created);
    } else if (changed) {
      createdFolder = writeTextAtomic(edit.file, after!, { secret: outcome.secret, mode: outcome.mode });
      if (createdFolder) made.push(createdFolder);
      else if (before === null) createdFolder = made.find((folder) => edit.file.startsWith(`${folder}/`));
    }
  } catch (error) {
    if (!edit.follows || !outcome.manualSteps) throw error;
    return { ...change, changed: false, warnings: [...change.warnings, `could not write ${edit.file} (${(error as Error).message}): ${outcome.manualSteps}`] };
  }
  // The backup keeps the bytes from before our first write while entries of ours are in the file.
  const keep = after !== null && (action === "install" || outcome.oursRemain);
  if (!keep) dropBackup(edit.file);
  else if (changed) {
    const warning = recordWrite(edit.file, before, after, createdFolder);
    if (warning && !change.warnings.includes(warning)) change.warnings.push(warning);
  }
  return change;
}
