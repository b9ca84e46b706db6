/**
 * Players' identity over HTTP (packages/server/README.md, "Players and accounts"): who the browser is, its
 * account, sessions and profile. Request bodies are parsed once with these schemas; the server checks the
 * finer rules (name and password policy) itself and says what is allowed.
 */
import { z } from 'zod';
import type { GameKind } from '@attila/core';
import type { TableInfo } from './index.js';

/** The player a session belongs to. */
export interface Me {
  readonly id: string;
  readonly name: string;
  /** A guest plays under a generated name until it claims an account. */
  readonly kind: 'guest' | 'account';
  readonly createdAt: number;
}

export interface MeResponse {
  readonly player: Me | null;
}

export interface SessionInfo {
  readonly id: string;
  readonly createdAt: number;
  readonly lastSeenAt: number;
  readonly userAgent: string;
  /** The session this request was made with. */
  readonly current: boolean;
}

export type PlayerResult = 'won' | 'lost' | 'drawn';

export interface PlayerGameStats {
  readonly game: GameKind;
  readonly played: number;
  readonly won: number;
  /** Reserved for the ratings (not computed yet): null. */
  readonly rating: number | null;
}

export interface PlayerGame {
  readonly table: TableInfo;
  /** The seat the player held. */
  readonly seat: number;
  readonly result: PlayerResult;
}

export interface PlayerProfile {
  readonly name: string;
  readonly kind: 'guest' | 'account';
  readonly since: number;
  readonly stats: readonly PlayerGameStats[];
  /** Finished games, the most recently finished first (filtered as asked), at most 50. */
  readonly games: readonly PlayerGame[];
}

const text = (max: number) => z.string().max(max, `at most ${max} characters`);

/** Name and password rules are checked by the server (it names them); here only the shape. */
export const credentialsSchema = z.object({ name: text(200), password: text(1000) }).strict();

export const changePasswordSchema = z.object({ current: text(1000), password: text(1000) }).strict();

export const deleteAccountSchema = z.object({ password: text(1000) }).strict();

export const profileQuerySchema = z
  .object({
    game: z.string().max(40).optional(),
    result: z.enum(['won', 'lost', 'drawn']).optional(),
  })
  .strict();
export type ProfileQuery = z.infer<typeof profileQuerySchema>;
