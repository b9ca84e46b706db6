/**
 * The server's tablebase of a layout, as the analysis board shows it. The server builds the standard board's
 * on its first start and another layout's on first request, one build at a time, when the build fits its
 * memory cap; the board asks for it once per layout and page, then watches the build until the file is
 * ready, when the analysis asks the server again and gets every move's exact value at once.
 */
import { useEffect, useState } from 'preact/hooks';
import type { TablebaseStatus } from '@attila/protocol';

const WATCH_MS = 2000;

/** What this page last heard of each layout's tablebase (by shape); absent: not asked yet. */
const heard = new Map<string, TablebaseStatus | null>();
const requested = new Set<string>();

const underWay = (s: TablebaseStatus | null | undefined) => s?.state === 'building' || s?.state === 'queued';

/** The status, asking for a build the first time a layout's is absent; null without a server or tablebases. */
async function statusOf(layout: string): Promise<TablebaseStatus | null> {
  try {
    const res = await fetch(`/api/knights/tablebase?layout=${encodeURIComponent(layout)}`);
    if (!res.ok) return null;
    const status = (await res.json()) as TablebaseStatus;
    if (status.state !== 'absent' || requested.has(layout)) return status;
    requested.add(layout);
    const asked = await fetch('/api/knights/tablebase', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ layout }),
    });
    return asked.ok ? ((await asked.json()) as TablebaseStatus) : status;
  } catch {
    // Offline, or no server (the dev server without one): the browser searches alone.
    return null;
  }
}

export interface TablebaseWatch {
  /** Where the layout's tablebase stands (null: unknown, no server, or a server without tablebases). */
  readonly status: TablebaseStatus | null;
  /** Counts the builds this page saw finish: a change means the server now knows every move. */
  readonly finished: number;
}

/** Watches the tablebase of `layout` (a shape) while it is given; null stops watching. */
export function useTablebase(layout: string | null): TablebaseWatch {
  // The status is kept with the layout it is of: right after the layout changes, until the new one's is
  // heard, the previous layout's status is not shown as this one's.
  const [watch, setWatch] = useState<TablebaseWatch & { readonly of: string | null }>({
    of: null,
    status: null,
    finished: 0,
  });
  useEffect(() => {
    if (layout === null) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const look = async () => {
      const before = heard.get(layout);
      // A layout whose state cannot change by waiting is not asked again on this page.
      const status = before !== undefined && !underWay(before) ? before : await statusOf(layout);
      heard.set(layout, status);
      if (!live) return;
      setWatch((w) => ({
        of: layout,
        status,
        finished: w.finished + (underWay(before) && status?.state === 'ready' ? 1 : 0),
      }));
      if (underWay(status)) timer = setTimeout(() => void look(), WATCH_MS);
    };
    void look();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [layout]);
  return {
    status: layout !== null && watch.of === layout ? watch.status : null,
    finished: watch.finished,
  };
}
