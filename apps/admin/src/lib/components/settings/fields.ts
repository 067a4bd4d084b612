import type { PluginSettingField, PluginSettingValue, PluginSettingsState } from './types.js';

/**
 * A plugin setting as a form holds it: text for every typed field (lists as comma-separated text), a flag for
 * booleans. Secrets hold only what the admin types now (empty: keep the stored one) and whether to clear it.
 */
export type FieldDraft =
  | { kind: 'text'; text: string }
  | { kind: 'flag'; checked: boolean }
  | { kind: 'secret'; text: string; clear: boolean };

/** Why a draft cannot be sent, checked before the server is asked. */
export type DraftProblem = 'notNumber' | 'notNumberList' | 'notUrl';

/** The value in force for a field: the stored one, else the plugin's default. */
export function currentValue(field: PluginSettingField, state: PluginSettingsState | undefined): PluginSettingValue {
  const stored = state?.values[field.key];
  return stored === undefined ? field.default : stored;
}

export function textOf(value: PluginSettingValue): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

export function draftOf(field: PluginSettingField, state: PluginSettingsState | undefined): FieldDraft {
  if (field.secret) return { kind: 'secret', text: '', clear: false };
  if (field.type === 'boolean') return { kind: 'flag', checked: currentValue(field, state) === true };
  return { kind: 'text', text: textOf(currentValue(field, state)) };
}

/** Splits a comma- (or line-) separated list, dropping blanks. */
export function listItems(text: string): string[] {
  return text
    .split(/[,\n]/)
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The value a typed draft stands for (null: empty, i.e. remove it and fall back to the default), or its problem. */
export function parseDraft(
  field: PluginSettingField,
  text: string,
): { ok: true; value: PluginSettingValue } | { ok: false; problem: DraftProblem } {
  const trimmed = text.trim();
  switch (field.type) {
    case 'number': {
      if (trimmed === '') return { ok: true, value: null };
      const value = Number(trimmed);
      return Number.isFinite(value) ? { ok: true, value } : { ok: false, problem: 'notNumber' };
    }
    case 'number-list': {
      const items = listItems(trimmed).map(Number);
      if (items.some((item) => !Number.isFinite(item))) return { ok: false, problem: 'notNumberList' };
      return { ok: true, value: items.length === 0 ? null : items };
    }
    case 'string-list': {
      const items = listItems(trimmed);
      return { ok: true, value: items.length === 0 ? null : items };
    }
    case 'url':
      if (trimmed === '') return { ok: true, value: null };
      return isHttpUrl(trimmed) ? { ok: true, value: trimmed } : { ok: false, problem: 'notUrl' };
    default:
      return { ok: true, value: trimmed === '' ? null : trimmed };
  }
}

function sameValue(a: PluginSettingValue, b: PluginSettingValue): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

export interface ChangeSet {
  /** Only the fields that differ from what is in force: the body's `plugins.<id>` (or a part of it). */
  changes: Record<string, PluginSettingValue>;
  /** Fields whose draft cannot be read, by key. */
  problems: Record<string, DraftProblem>;
}

/**
 * What saving a plugin's form sends: only what changed. A cleared field is sent as null (the server then removes
 * it and the default applies again) unless clearing it changes nothing; a secret is sent only when a new value is
 * typed, or as null when the admin explicitly asked to clear it.
 */
export function changedSettings(
  fields: readonly PluginSettingField[],
  state: PluginSettingsState | undefined,
  drafts: Readonly<Record<string, FieldDraft>>,
): ChangeSet {
  const changes: Record<string, PluginSettingValue> = {};
  const problems: Record<string, DraftProblem> = {};
  for (const field of fields) {
    const draft = drafts[field.key];
    if (!draft) continue;
    if (draft.kind === 'secret') {
      if (draft.clear) changes[field.key] = null;
      else if (draft.text.trim() !== '') changes[field.key] = draft.text.trim();
      continue;
    }
    const before = currentValue(field, state);
    if (draft.kind === 'flag') {
      if (draft.checked !== (before === true)) changes[field.key] = draft.checked;
      continue;
    }
    const parsed = parseDraft(field, draft.text);
    if (!parsed.ok) {
      problems[field.key] = parsed.problem;
      continue;
    }
    if (sameValue(parsed.value, before)) continue;
    // Emptied: back to the default, which is what removing the stored value means.
    if (parsed.value === null && sameValue(field.default, before) && state?.values[field.key] === undefined) continue;
    changes[field.key] = parsed.value;
  }
  return { changes, problems };
}
