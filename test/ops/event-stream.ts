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
  return {
    resyncs: () => resyncs,
    async next(matches: (data: ReservationEvent) => boolean): Promise<ReservationEvent> {
      for (;;) {
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (/^event: resync$/m.test(block)) resyncs += 1;
          const data = /^event: reservations\ndata: (.+)$/m.exec(block)?.[1];
          if (data && matches(JSON.parse(data) as ReservationEvent)) return JSON.parse(data) as ReservationEvent;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('the event stream ended');
        buffer += decoder.decode(value, { stream: true });
      }
    },
    close: () => reader.cancel(),
  };
};
