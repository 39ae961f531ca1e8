export interface ReservationEvent {
  clinicId: string;
  from: string;
  to: string;
}

/**
 * Server-sent `reservations` events of one stream, awaited one matching event at a time; `resync`
 * events (the server lost its database connection and is back) are counted on the way.
 */
export const eventReader = (reader: ReadableStreamDefaultReader<Uint8Array>) => {
  const decoder = new TextDecoder();
  let buffer = '';
  let resyncs = 0;
  /** Reads blocks until `found` answers one of them, counting the resyncs it passes. */
  const take = async <T>(found: (block: string) => T | undefined): Promise<T> => {
    for (;;) {
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (/^event: resync$/m.test(block)) resyncs += 1;
        const hit = found(block);
        if (hit !== undefined) return hit;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('the event stream ended');
      buffer += decoder.decode(value, { stream: true });
    }
  };
  return {
    resyncs: () => resyncs,
    next(matches: (data: ReservationEvent) => boolean): Promise<ReservationEvent> {
      return take((block) => {
        const data = /^event: reservations\ndata: (.+)$/m.exec(block)?.[1];
        const event = data ? (JSON.parse(data) as ReservationEvent) : undefined;
        return event && matches(event) ? event : undefined;
      });
    },
    /** Until the stream has told of a resync (at once if it has). */
    async resynced(): Promise<void> {
      if (resyncs === 0) await take((block) => (/^event: resync$/m.test(block) ? true : undefined));
    },
    close: () => reader.cancel(),
  };
};
