/** A live table in a component: the connection opened for its id and seat, and its latest state. */
import type { GameEvent } from '@attila/core';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { HeldSeat } from './api.js';
import { Connection, initialLive, type LiveState } from './connection.js';

export function useLive<V, E extends GameEvent>(
  id: string,
  seat: HeldSeat | null,
): [LiveState<V, E>, Connection<V, E> | null] {
  const [state, setState] = useState<LiveState<V, E>>(initialLive);
  const conn = useRef<Connection<V, E> | null>(null);
  useEffect(() => {
    const c = new Connection<V, E>(id, seat, setState);
    conn.current = c;
    return () => c.close();
  }, [id, seat?.token]);
  return [state, conn.current];
}
