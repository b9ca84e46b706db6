/**
 * Web Push notifications over HTTP (packages/server/README.md, "Notifications"): the server's VAPID public
 * key, a browser's subscription, and which kinds of notice an account wants. Bodies are parsed once with
 * these schemas.
 */
import { z } from 'zod';

/** What a notice is about: a correspondence game's turn, a challenge, a clock running low. */
export const PUSH_KINDS = ['turn', 'challenge', 'low-time'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** The account's choices: each kind on or off (every kind is on until turned off). */
export type PushChoices = Readonly<Record<PushKind, boolean>>;

export interface PushSettings {
  /** The server's VAPID public key (base64url, an uncompressed P-256 point): `applicationServerKey`. */
  readonly publicKey: string;
  readonly choices: PushChoices;
  /** The endpoints this session subscribed (so a browser can tell whether its own subscription is known). */
  readonly endpoints: readonly string[];
}

/** What the service worker receives (JSON, encrypted by the Web Push protocol); it composes the text. */
export interface PushPayload {
  readonly kind: PushKind;
  /** The page a click opens, relative to the app (`#/table/<id>`). */
  readonly path: string;
  /** Replaces an earlier notice with the same tag (one per game). */
  readonly tag: string;
  /** The game kind, when the notice is about a game. */
  readonly game?: string;
  /** Who challenged (challenges), hours left (low time). */
  readonly from?: string;
  /** The event's name, when an event seated the player at a new game (a `turn` notice: "your game"). */
  readonly event?: string;
  readonly hours?: number;
}

const base64url = (bytes: number, what: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, `${what} must be base64url`)
    .refine((s) => Math.floor((s.length * 3) / 4) === bytes, `${what} must encode ${bytes} bytes`);

/** A browser's `PushSubscription.toJSON()`: its push service endpoint (https) and its keys. */
export const pushSubscriptionSchema = z
  .object({
    endpoint: z
      .string()
      .max(1000, 'the endpoint is at most 1000 characters')
      .refine(
        (s) => URL.canParse(s) && new URL(s).protocol === 'https:',
        'the endpoint must be an https: URL',
      ),
    expirationTime: z.number().nullable().optional(),
    keys: z
      .object({
        p256dh: base64url(65, 'keys.p256dh (the P-256 public key)'),
        auth: base64url(16, 'keys.auth (the authentication secret)'),
      })
      .strict(),
  })
  .strict();
export type PushSubscriptionJson = z.infer<typeof pushSubscriptionSchema>;

export const pushSubscribeSchema = z.object({ subscription: pushSubscriptionSchema }).strict();
export const pushUnsubscribeSchema = z.object({ endpoint: z.string().max(1000) }).strict();
export const pushChoicesSchema = z
  .object({
    turn: z.boolean().optional(),
    challenge: z.boolean().optional(),
    'low-time': z.boolean().optional(),
  })
  .strict();
