import { describe, expect, it } from 'vitest';
import { handClock } from '../../hand-clock.js';
import { createPlaceSaver, type PlaceUpdate } from './place-saver.js';

const at = (position: string, percentage: number): PlaceUpdate => ({ position, percentage });

describe('createPlaceSaver', () => {
  it('saves one place after the other: a slow save is never overtaken by the next', async () => {
    const { clock, advance } = handClock();
    const order: string[] = [];
    const releases: (() => void)[] = [];
    const saver = createPlaceSaver(
      (update) =>
        new Promise<void>((resolve) => {
          order.push(`start ${update.position}`);
          releases.push(() => {
            order.push(`end ${update.position}`);
            resolve();
          });
        }),
      1500,
      clock,
    );
    saver.push(at('/6/2!/4/2', 0.1));
    advance(1500);
    saver.push(at('/6/4!/4/2', 0.2));
    advance(1500);
    await Promise.resolve();
    expect(order).toEqual(['start /6/2!/4/2']);
    releases[0]!();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(order).toEqual(['start /6/2!/4/2', 'end /6/2!/4/2', 'start /6/4!/4/2']);
  });

  it('saves the same place again when the share of the book changed (a new text size), never an identical one', async () => {
    const { clock, advance } = handClock();
    const saved: PlaceUpdate[] = [];
    const saver = createPlaceSaver(
      async (update) => {
        saved.push(update);
      },
      1500,
      clock,
    );
    saver.push(at('/6/2!/4/2', 0.1));
    advance(1500);
    saver.push(at('/6/2!/4/2', 0.1));
    advance(1500);
    saver.push(at('/6/2!/4/2', 0.12));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(saved).toEqual([at('/6/2!/4/2', 0.1), at('/6/2!/4/2', 0.12)]);
  });
});
