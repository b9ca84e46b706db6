/** `GET /api/knights/tablebase?layout=` and `POST /api/knights/tablebase`: where a layout's tablebase stands. */
export type TablebaseState = 'ready' | 'building' | 'queued' | 'absent' | 'too-large' | 'failed';

export interface TablebaseStatus {
  /** The layout's shape, e.g. `...../...../...../.....`. */
  readonly layout: string;
  readonly state: TablebaseState;
  /** Of the build under way (0..1), else null. */
  readonly progress: number | null;
  /** The memory its build needs (its two largest layers). */
  readonly needBytes: number;
  readonly fileBytes: number | null;
  /** Why the build failed (`failed` only). */
  readonly error?: string;
}
