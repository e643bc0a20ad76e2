/**
 * The ids seen most recently, at most `capacity` of them (the oldest added goes first). Events arrive out of
 * id order (an id is taken at INSERT, the NOTIFY is sent at COMMIT), so "already sent" cannot be a high-water
 * mark: an event with a lower id may still come.
 */
export class RecentIds {
  private readonly ids = new Set<number>();

  constructor(private readonly capacity: number) {}

  /** Remembers `id`; false when it was already remembered. */
  add(id: number): boolean {
    if (this.ids.has(id)) return false;
    this.ids.add(id);
    if (this.ids.size > this.capacity) this.ids.delete(this.ids.values().next().value!);
    return true;
  }
}

/** How many live event ids the server's streams and the browser remember (well above a replay's overlap). */
export const LIVE_EVENT_IDS_REMEMBERED = 2_000;
