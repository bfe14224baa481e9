// A binary min-heap: the clock keeps each scheduled game's next boundary in one, so the earliest of 10,000 is
// found in O(1) and each boundary taken or planned in O(log n).

export class MinHeap<T> {
  private readonly items: T[] = [];

  constructor(private readonly before: (a: T, b: T) => boolean) {}

  get size(): number {
    return this.items.length;
  }

  peek(): T | undefined {
    return this.items[0];
  }

  push(item: T): void {
    const items = this.items;
    items.push(item);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(item, items[parent] as T)) break;
      items[i] = items[parent] as T;
      i = parent;
    }
    items[i] = item;
  }

  pop(): T | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length === 0 || last === undefined) return top;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= items.length) break;
      const right = left + 1;
      const child = right < items.length && this.before(items[right] as T, items[left] as T) ? right : left;
      if (!this.before(items[child] as T, last)) break;
      items[i] = items[child] as T;
      i = child;
    }
    items[i] = last;
    return top;
  }
}
