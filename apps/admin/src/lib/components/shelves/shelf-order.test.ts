import { describe, expect, it } from 'vitest';
import { appendNew, keyTarget, moveItem, reorderedIds, without } from './shelf-order.js';

describe('moveItem', () => {
  it('moves an item down and up', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(['a', 'b', 'c', 'd'], 3, 1)).toEqual(['a', 'd', 'b', 'c']);
  });
  it('clamps positions past the ends and leaves the input alone', () => {
    const input = ['a', 'b', 'c'];
    expect(moveItem(input, 0, 99)).toEqual(['b', 'c', 'a']);
    expect(moveItem(input, 2, -4)).toEqual(['c', 'a', 'b']);
    expect(input).toEqual(['a', 'b', 'c']);
    expect(moveItem([], 0, 1)).toEqual([]);
  });
});

describe('keyTarget', () => {
  it('steps with the arrows and jumps with Home and End', () => {
    expect(keyTarget('ArrowUp', 2, 4)).toBe(1);
    expect(keyTarget('ArrowDown', 2, 4)).toBe(3);
    expect(keyTarget('Home', 2, 4)).toBe(0);
    expect(keyTarget('End', 1, 4)).toBe(3);
  });
  it('says nothing moves at an end or for another key', () => {
    expect(keyTarget('ArrowUp', 0, 4)).toBeNull();
    expect(keyTarget('ArrowDown', 3, 4)).toBeNull();
    expect(keyTarget('Home', 0, 4)).toBeNull();
    expect(keyTarget('End', 3, 4)).toBeNull();
    expect(keyTarget('Enter', 1, 4)).toBeNull();
  });
});

describe('appendNew', () => {
  it('adds the new ids after the existing ones, in their order, once', () => {
    expect(appendNew(['a', 'b'], ['c', 'a', 'd', 'c'])).toEqual({ ids: ['a', 'b', 'c', 'd'], fresh: 2 });
  });
  it('counts nothing new when all were there', () => {
    expect(appendNew(['a', 'b'], ['b', 'a'])).toEqual({ ids: ['a', 'b'], fresh: 0 });
  });
});

describe('without', () => {
  it('removes one id', () => {
    expect(without(['a', 'b', 'c'], 'b')).toEqual(['a', 'c']);
  });
});

describe('reorderedIds', () => {
  it('keeps the ids past the shown page after the reordered ones', () => {
    expect(reorderedIds(['a', 'b', 'c', 'd'], ['b', 'a'])).toEqual(['b', 'a', 'c', 'd']);
    expect(reorderedIds(['a', 'b'], ['b', 'a'])).toEqual(['b', 'a']);
  });
});
