/**
 * A move survives the network dropping in the middle of it (issue 30): the browser keeps the move until the
 * server acks it, sends it again after the reconnect, and the server stores it exactly once.
 * Knights: the socket is cut right after the server stored the move, before its ack reaches the page (a
 * WebSocket route swallows the ack and closes the page's side), so the resend is a repeat the server must
 * answer with an ack. Tribes: the move is lost on its way out and Chromium is offline for a while (CDP
 * network emulation); it goes out once the page is back. In both the board stays locked while the move is pending and unlocks on the ack.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, WebSocketRoute } from 'playwright-core';
import WebSocket from 'ws';
import type { ServerMessage } from '@attila/protocol';
import { newPage, type ServerProcess, withServerAndBrowser } from './harness.js';
import { playKnightsTurn, waitForTurnOrEnd } from './knights.js';
import { playTribesDecision } from './tribes.js';

let server: ServerProcess;
let browser: Browser;

withServerAndBrowser((s, b) => ([server, browser] = [s, b]));

/** The moves the server stores for a table, by seat: what a spectator's welcome lists from the start. */
async function storedMoves(table: string): Promise<{ seq: number; seat: number }[]> {
  const ws = new WebSocket(server.url.replace(/^http/, 'ws') + '/ws');
  try {
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const welcome = new Promise<Extract<ServerMessage, { type: 'welcome' }>>((resolve) =>
      ws.on('message', (d) => {
        const m = JSON.parse(String(d)) as ServerMessage;
        if (m.type === 'welcome') resolve(m);
      }),
    );
    ws.send(JSON.stringify({ type: 'hello', table, since: 0 }));
    return ((await welcome).missed ?? []).map((n) => ({ seq: n.seq, seat: n.seat }));
  } finally {
    ws.close();
  }
}

/**
 * Every socket of the page goes through a WebSocket route that can cut the connection once (`cut`): right
 * after the server acks a move (`ack`: stored, the page never hears of it) or as the page sends one
 * (`move`: it never reaches the server). Records what the page sent and the refs the server acked.
 */
async function cuttable(context: BrowserContext) {
  const net = {
    cut: null as 'ack' | 'move' | null,
    sent: [] as { type: string; ref?: string; seq?: number }[],
    acks: [] as string[],
  };
  const drop = (ws: WebSocketRoute) => {
    net.cut = null;
    void ws.close({ code: 4000, reason: 'network dropped' });
  };
  await context.routeWebSocket(/\/ws$/, (ws: WebSocketRoute) => {
    const upstream = ws.connectToServer();
    ws.onMessage((m) => {
      const msg = JSON.parse(String(m)) as { type: string };
      net.sent.push(msg);
      if (net.cut === 'move' && msg.type === 'move') return drop(ws);
      upstream.send(m);
    });
    upstream.onMessage((m) => {
      const msg = JSON.parse(String(m)) as ServerMessage;
      if (msg.type === 'ack') net.acks.push(String(msg.ref));
      if (net.cut === 'ack' && msg.type === 'ack') return drop(ws);
      ws.send(m);
    });
  });
  return net;
}

const tableId = (page: Page) => new URL(page.url()).hash.replace('#/table/', '');

/** A table against a bot made in the lobby; the page holds seat 0. */
async function tableAgainstBot(page: Page, game: 'knights' | 'tribes'): Promise<void> {
  await page.goto(`${server.url}/#/lobby`);
  await page.fill('[data-testid="name"]', 'Aetius');
  await page.click(`[data-testid="game-${game}"]`);
  await page.selectOption('[data-testid="seat-kind-1"]', 'bot:random');
  await page.click('[data-testid="create"]');
}

describe('a move across a dropped connection', () => {
  it(
    'Knights: the ack is lost with the socket; the move is resent after the reconnect, acked, stored once',
    { timeout: 90_000 },
    async () => {
      const { page, context } = await newPage(browser);
      const net = await cuttable(context);
      await tableAgainstBot(page, 'knights');
      await page.waitForSelector('.knights-board');
      expect(await waitForTurnOrEnd(page)).toBe(false);
      const id = tableId(page);
      const mine = async () => (await storedMoves(id)).filter((m) => m.seat === 0);
      expect(await mine()).toHaveLength(0);
      net.cut = 'ack';
      await playKnightsTurn(page);
      // Locked and saying so while the move has no answer.
      await page.waitForSelector('[data-move-status="pending"]');
      expect(await page.locator('.knights-board [data-target="true"]').count()).toBe(0);
      // The reconnect resends it; the ack settles it: no banner, no refusal.
      await page.waitForSelector('[data-testid="move-status"]', { state: 'detached', timeout: 30_000 });
      const moves = net.sent.filter((m) => m.type === 'move');
      expect(moves).toHaveLength(2);
      expect(moves[1]).toEqual(moves[0]);
      expect(net.acks.filter((r) => r === moves[0].ref)).toHaveLength(2);
      expect(await mine()).toHaveLength(1);
      // The game goes on: the next turn is offered and played normally.
      expect(await waitForTurnOrEnd(page)).toBe(false);
      await playKnightsTurn(page);
      await expect.poll(async () => (await mine()).length, { timeout: 15_000 }).toBe(2);
      await context.close();
    },
  );

  it(
    'Tribes: the move is lost on its way out while Chromium is offline; it goes out once back, stored once',
    { timeout: 120_000 },
    async () => {
      const { page, context } = await newPage(browser);
      const net = await cuttable(context);
      await tableAgainstBot(page, 'tribes');
      await page.waitForSelector('[data-testid="tribes-map"] .land');
      const id = tableId(page);
      const decision = ['play', 'influence', 'commit', 'discard']
        .map((d) => `[data-testid="decision-${d}"]`)
        .join(', ');
      await page.waitForSelector(decision, { timeout: 30_000 });
      const before = (await storedMoves(id)).filter((m) => m.seat === 0).length;
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      const network = (offline: boolean) =>
        cdp.send('Network.emulateNetworkConditions', {
          offline,
          latency: 0,
          downloadThroughput: -1,
          uploadThroughput: -1,
        });
      // The move is lost on its way and the machine is offline for a while.
      net.cut = 'move';
      await network(true);
      const made = playTribesDecision(page);
      await page.waitForSelector('[data-move-status="pending"]');
      // The board offers nothing while the move waits.
      expect(await page.locator(decision).count()).toBe(0);
      await new Promise((r) => setTimeout(r, 1500));
      await network(false);
      await made;
      await page.waitForSelector('[data-testid="move-status"]', { state: 'detached', timeout: 30_000 });
      const after = (await storedMoves(id)).filter((m) => m.seat === 0);
      expect(after).toHaveLength(before + 1);
      const moves = net.sent.filter((m) => m.type === 'move');
      expect(moves).toHaveLength(2);
      expect(moves[1]).toEqual(moves[0]);
      await context.close();
    },
  );
});
