// The games whose boundary (or reminder) is due, in the order they are served (issue 23 item 7, ruling K17):
// first come, first served, each game once. A game fires one boundary a turn and, if another is due already
// (a catch-up), joins the back of the line behind every game waiting, so one game's backlog delays another
// game's boundary by one boundary of its own, not by all of them.

export class Turns {
  private items: string[] = [];
  private head = 0;
  private readonly waiting = new Set<string>();

  get size(): number {
    return this.waiting.size;
  }

  /** Whether the game waits in line already (it keeps its place: a game is in line once). */
  has(game: string): boolean {
    return this.waiting.has(game);
  }

  /** The game joins the back of the line, unless it waits in it already. */
  join(game: string): void {
    if (this.waiting.has(game)) return;
    this.waiting.add(game);
    this.items.push(game);
  }

  /** The game at the front of the line, which leaves it. */
  next(): string | undefined {
    if (this.head >= this.items.length) return undefined;
    const game = this.items[this.head++] as string;
    this.waiting.delete(game);
    // Served places are dropped now and then, so the line's memory is the games waiting, not all served.
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return game;
  }
}
