import { SvelteSet } from 'svelte/reactivity';

/**
 * The checked items of one page of a list (the series grid, the books list): a click checks one, shift-click the
 * range from the last one clicked, "select the page" all of them. Reactive through its SvelteSet; the page clears
 * it when the list changes (a new page's items are other items).
 */
export class PageSelection<Item extends { id: string }> {
  readonly #ids = new SvelteSet<string>();
  readonly #items: () => readonly Item[];
  #last = -1;

  constructor(items: () => readonly Item[]) {
    this.#items = items;
  }

  has(id: string): boolean {
    return this.#ids.has(id);
  }

  get size(): number {
    return this.#ids.size;
  }

  /** The checked items, in the list's order (not the order of clicks). */
  get chosen(): Item[] {
    return this.#items().filter((item) => this.#ids.has(item.id));
  }

  get all(): boolean {
    const items = this.#items();
    return items.length > 0 && items.every((item) => this.#ids.has(item.id));
  }

  pick(index: number, checked: boolean, range: boolean): void {
    const from = range && this.#last >= 0 ? Math.min(this.#last, index) : index;
    const to = range && this.#last >= 0 ? Math.max(this.#last, index) : index;
    for (const item of this.#items().slice(from, to + 1)) {
      if (checked) this.#ids.add(item.id);
      else this.#ids.delete(item.id);
    }
    this.#last = index;
  }

  pickAll(checked: boolean): void {
    for (const item of this.#items()) {
      if (checked) this.#ids.add(item.id);
      else this.#ids.delete(item.id);
    }
  }

  clear(): void {
    this.#ids.clear();
    this.#last = -1;
  }
}
