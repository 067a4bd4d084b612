import { describe, expect, it } from 'vitest';
import {
  compareForListing,
  resolveStatus,
  SEED_STATUS_RULES,
  seriesStatusFor,
  STATUS_KEY_MAX_LENGTH,
  statusKey,
  type StatusRule,
} from './status-normalisation.js';

describe('statusKey', () => {
  it.each([
    ['FINISHED', 'finished'],
    ['  En Cours ', 'en cours'],
    ['Série\u00a0en   cours', 'série en cours'],
    ['Annule\u0301e', 'annulée'],
    ['   ', ''],
    ['', ''],
  ])('%j → %j', (raw, key) => {
    expect(statusKey(raw)).toBe(key);
  });

  it('cuts to the column width without splitting a character', () => {
    const key = statusKey('é'.repeat(150) + '😀'.repeat(100));
    expect(Array.from(key)).toHaveLength(STATUS_KEY_MAX_LENGTH);
    expect(key.endsWith('😀')).toBe(true);
  });
});

describe('resolveStatus', () => {
  const rules: StatusRule[] = [
    { providerStatus: 'en cours', mappedStatus: 'ongoing' },
    { providerStatus: 'finie', mappedStatus: 'ended' },
    { providerStatus: 'série en cours de parution', mappedStatus: 'upcoming' },
    { providerStatus: 'abandonnée', mappedStatus: null },
    { providerStatus: 'série finie', mappedStatus: null },
  ];

  it('takes the exact match first', () => {
    expect(resolveStatus('finie', rules)).toBe('ended');
    expect(resolveStatus('série en cours de parution', rules)).toBe('upcoming');
  });

  it('then a mapped key contained in the raw value', () => {
    expect(resolveStatus('série en cours', rules)).toBe('ongoing');
    expect(resolveStatus('en cours de publication', rules)).toBe('ongoing');
  });

  it('skips rows with a null mapping, even an exact one, and falls through to a contained key', () => {
    expect(resolveStatus('abandonnée', rules)).toBeNull();
    expect(resolveStatus('série finie', rules)).toBe('ended');
  });

  it('prefers the longest contained key whatever the order of the rules', () => {
    const raw = 'la série en cours de parution (tome 3)';
    expect(resolveStatus(raw, rules)).toBe('upcoming');
    expect(resolveStatus(raw, [...rules].reverse())).toBe('upcoming');
  });

  it('breaks a tie between keys of the same length the same way whatever their order', () => {
    const tie: StatusRule[] = [
      { providerStatus: 'bbb', mappedStatus: 'hiatus' },
      { providerStatus: 'aaa', mappedStatus: 'ended' },
    ];
    expect(resolveStatus('aaa bbb', tie)).toBe('ended');
    expect(resolveStatus('aaa bbb', [...tie].reverse())).toBe('ended');
  });

  it('finds nothing for an unknown or blank value', () => {
    expect(resolveStatus('paused forever', rules)).toBeNull();
    expect(resolveStatus('', [...rules, { providerStatus: '', mappedStatus: 'ended' }])).toBeNull();
  });
});

describe('seriesStatusFor', () => {
  it('gives the normalised status, or the key itself when unmapped', () => {
    expect(seriesStatusFor('releasing', SEED_STATUS_RULES)).toBe('ongoing');
    expect(seriesStatusFor('one-shot', SEED_STATUS_RULES)).toBe('one-shot');
  });
});

describe('SEED_STATUS_RULES', () => {
  it('maps the statuses the providers send', () => {
    const resolve = (raw: string) => resolveStatus(statusKey(raw), SEED_STATUS_RULES);
    expect(['FINISHED', 'RELEASING', 'NOT_YET_RELEASED', 'CANCELLED', 'HIATUS'].map(resolve)).toEqual([
      'ended',
      'ongoing',
      'upcoming',
      'cancelled',
      'hiatus',
    ]);
    expect(['Finie', 'Série terminée', 'Série en cours', 'Suspendue', 'Annulée', 'Arrêtée'].map(resolve)).toEqual([
      'ended',
      'ended',
      'ongoing',
      'hiatus',
      'cancelled',
      'cancelled',
    ]);
  });

  it('holds keys already in their stored form, each once', () => {
    const keys = SEED_STATUS_RULES.map((rule) => rule.providerStatus);
    expect(keys.map(statusKey)).toEqual(keys);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('compareForListing', () => {
  it('lists mapped rows first, then by provider status', () => {
    const rows: StatusRule[] = [
      { providerStatus: 'zeta', mappedStatus: null },
      { providerStatus: 'releasing', mappedStatus: 'ongoing' },
      { providerStatus: 'abandonnée', mappedStatus: null },
      { providerStatus: 'arrêtée', mappedStatus: 'cancelled' },
      { providerStatus: 'annulée', mappedStatus: 'cancelled' },
    ];
    expect([...rows].sort(compareForListing).map((row) => row.providerStatus)).toEqual([
      'annulée',
      'arrêtée',
      'releasing',
      'abandonnée',
      'zeta',
    ]);
  });
});
