import { describe, expect, it } from 'vitest';
import { connectionVerdict } from './connection-test.js';
import { changedSettings, draftOf, type FieldDraft } from './fields.js';
import type { ConnectionTest, PluginSettingField } from './types.js';

const field = (key: string, type: PluginSettingField['type'], extra: Partial<PluginSettingField> = {}) =>
  ({
    key,
    type,
    label: key,
    help: null,
    secret: false,
    required: false,
    default: null,
    ...extra,
  }) as PluginSettingField;

const schema = [
  field('api_key', 'string', { secret: true, required: true }),
  field('base_url', 'url', { default: 'https://comicvine.gamespot.com' }),
  field('limit', 'number'),
  field('adult', 'boolean', { default: false }),
  field('tags', 'string-list'),
  field('categories', 'number-list', { default: [7030, 7020] }),
];

function draftsFor(state: Parameters<typeof draftOf>[1]): Record<string, FieldDraft> {
  return Object.fromEntries(schema.map((one) => [one.key, draftOf(one, state)]));
}

describe('plugin settings drafts', () => {
  it('start from the stored values, else the defaults, and never hold a secret', () => {
    const drafts = draftsFor({ values: { limit: 20, tags: ['a', 'b'] }, secrets_set: ['api_key'] });
    expect(drafts).toEqual({
      api_key: { kind: 'secret', text: '', clear: false },
      base_url: { kind: 'text', text: 'https://comicvine.gamespot.com' },
      limit: { kind: 'text', text: '20' },
      adult: { kind: 'flag', checked: false },
      tags: { kind: 'text', text: 'a, b' },
      categories: { kind: 'text', text: '7030, 7020' },
    });
  });

  it('send nothing when nothing changed, and an untouched secret is kept', () => {
    const state = { values: { limit: 20 }, secrets_set: ['api_key'] };
    expect(changedSettings(schema, state, draftsFor(state))).toEqual({ changes: {}, problems: {} });
  });

  it('send only the changed fields, typed as the schema says', () => {
    const state = { values: { limit: 20 }, secrets_set: [] };
    const drafts = draftsFor(state);
    drafts.api_key = { kind: 'secret', text: ' new-key ', clear: false };
    drafts.limit = { kind: 'text', text: '25' };
    drafts.adult = { kind: 'flag', checked: true };
    drafts.tags = { kind: 'text', text: 'x,\n y ,' };
    drafts.categories = { kind: 'text', text: '7030' };
    expect(changedSettings(schema, state, drafts).changes).toEqual({
      api_key: 'new-key',
      limit: 25,
      adult: true,
      tags: ['x', 'y'],
      categories: [7030],
    });
  });

  it('clear a secret only when asked, and an emptied stored value goes back to the default', () => {
    const state = { values: { base_url: 'http://127.0.0.1:9' }, secrets_set: ['api_key'] };
    const drafts = draftsFor(state);
    drafts.api_key = { kind: 'secret', text: '', clear: true };
    drafts.base_url = { kind: 'text', text: '' };
    expect(changedSettings(schema, state, drafts).changes).toEqual({ api_key: null, base_url: null });
    // Emptying a field that only shows its default changes nothing.
    const fresh = draftsFor(undefined);
    fresh.base_url = { kind: 'text', text: ' ' };
    expect(changedSettings(schema, undefined, fresh).changes).toEqual({});
  });

  it('refuse drafts that cannot be read, by field', () => {
    const drafts = draftsFor(undefined);
    drafts.limit = { kind: 'text', text: 'ten' };
    drafts.categories = { kind: 'text', text: '7030, comics' };
    drafts.base_url = { kind: 'text', text: 'ftp://example.org' };
    expect(changedSettings(schema, undefined, drafts).problems).toEqual({
      limit: 'notNumber',
      categories: 'notNumberList',
      base_url: 'notUrl',
    });
  });
});

describe('connectionVerdict', () => {
  it('tells a working connection, a bad key, an unreachable host and a wrong URL apart by the failure kind', () => {
    const result = (ok: boolean, failure: ConnectionTest['failure'], indexer_count: number | null = null) => ({
      ok,
      message: 'Whatever the plugin says, in any words.',
      indexer_count,
      provider: 'prowlarr',
      failure,
    });
    expect(connectionVerdict(result(true, null, 3))).toBe('works');
    expect(connectionVerdict(result(true, null, 0))).toBe('worksNone');
    expect(connectionVerdict(result(false, 'refused_key'))).toBe('badKey');
    expect(connectionVerdict(result(false, 'unreachable'))).toBe('unreachable');
    expect(connectionVerdict(result(false, 'wrong_url'))).toBe('wrongUrl');
    expect(connectionVerdict(result(false, 'unavailable'))).toBe('failed');
    expect(connectionVerdict(result(false, 'rate_limited'))).toBe('failed');
  });
});
