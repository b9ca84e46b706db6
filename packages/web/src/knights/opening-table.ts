/**
 * The standard board's opening table in the browser: the data file (packages/bots, a few hundred kilobytes)
 * fetched once, when a placement position of the standard board is first analysed, and read with the same
 * pure module as the server's. A failed fetch or a damaged file leaves the table out (null): the solver
 * answers instead.
 */
import { STANDARD_LAYOUT, type Position } from '@attila/knights';
import { OpeningTable } from '@attila/bots/knights-table';
import tableUrl from '@attila/bots/knights-table-data?url';

let loading: Promise<OpeningTable | null> | null = null;

async function fetchTable(): Promise<OpeningTable | null> {
  try {
    const response = await fetch(tableUrl);
    if (!response.ok) return null;
    return OpeningTable.fromBytes(new Uint8Array(await response.arrayBuffer()), STANDARD_LAYOUT);
  } catch {
    return null;
  }
}

/** The table when it can answer for this position (standard board, nothing scorched), else null. */
export async function openingTableFor(position: Position): Promise<OpeningTable | null> {
  if (position.layout !== STANDARD_LAYOUT || position.scorched !== 0) return null;
  loading ??= fetchTable();
  return loading;
}
