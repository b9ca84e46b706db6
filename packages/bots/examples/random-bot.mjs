#!/usr/bin/env node
// An Attila bot in plain Node.js, speaking the line protocol (packages/bots/README.md): it reads one JSON
// object per line on standard input and answers each "move" message with one line {"move": "..."} on
// standard output. This one plays a random legal move, but prefers taking influence when it may.
/* global process */
import { createInterface } from 'node:readline';

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  const message = JSON.parse(line);
  if (message.type === 'move') {
    const { legal } = message;
    const move = legal.includes('influence') ? 'influence' : legal[Math.floor(Math.random() * legal.length)];
    process.stdout.write(JSON.stringify({ move }) + '\n');
  } else if (message.type === 'bye') break;
  // "start" and "end" messages need no answer.
}
