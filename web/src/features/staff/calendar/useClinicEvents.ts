import { useEffect, useRef } from 'react';
import { urlOf } from '../../../shared/api/api';
import { staffReservations } from '../../../shared/api/endpoints';

export interface ReservationsChange {
  clinicId: string;
  from: string;
  to: string;
}

/** A change over every day: whoever shows any of the clinic's reservations reloads them. */
export const EVERYTHING = (clinicId: string): ReservationsChange => ({ clinicId, from: '0000-01-01', to: '9999-12-31' });

/** Parses the `reservations` event's data; `null` for anything else. */
export function parseChange(data: unknown): ReservationsChange | null {
  if (typeof data !== 'string') return null;
  try {
    const value = JSON.parse(data) as Partial<ReservationsChange>;
    if (typeof value.clinicId !== 'string' && typeof value.clinicId !== 'number') return null;
    const from = typeof value.from === 'string' ? value.from.slice(0, 10) : null;
    const to = typeof value.to === 'string' ? value.to.slice(0, 10) : from;
    if (!from || !to) return null;
    return { clinicId: String(value.clinicId), from, to };
  } catch {
    return null;
  }
}

/**
 * Server-sent events of the clinic (`GET /api/staffs/events?clinicId=`): calls `onChange` for
 * each `reservations` event. Reconnects quietly with a growing delay (the browser gives up on an
 * HTTP error, e.g. while the endpoint does not exist); without EventSource it does nothing.
 */
export function useClinicEvents(clinicId: string | null, onChange: (change: ReservationsChange) => void): void {
  const latest = useRef(onChange);
  latest.current = onChange;

  useEffect(() => {
    if (!clinicId || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let delay = 2_000;
    let opened = false;
    // Aborted when the effect ends: the stream closes and a pending reconnection is dropped.
    const stop = new AbortController();
    stop.signal.addEventListener('abort', () => {
      clearTimeout(timer);
      source?.close();
    });

    const connect = () => {
      if (stop.signal.aborted) return;
      source = new EventSource(urlOf(staffReservations.events, { query: { clinicId } }), { withCredentials: true });
      source.addEventListener('open', () => {
        delay = 2_000;
        // Connected again (by the browser or by us): changes made while the stream was down were missed.
        if (opened) latest.current(EVERYTHING(clinicId));
        opened = true;
      });
      // The server lost PostgreSQL for a while and could not announce the changes made meanwhile.
      source.addEventListener('resync', () => latest.current(EVERYTHING(clinicId)));
      source.addEventListener('reservations', (event) => {
        const change = parseChange((event as MessageEvent).data);
        if (change && change.clinicId === clinicId) latest.current(change);
      });
      source.addEventListener('error', () => {
        // CLOSED: the browser will not retry by itself (HTTP error); retry later, quietly.
        if (source?.readyState === EventSource.CLOSED) {
          source.close();
          timer = setTimeout(connect, delay);
          delay = Math.min(delay * 2, 60_000);
        }
      });
    };
    connect();
    return () => stop.abort();
  }, [clinicId]);
}
