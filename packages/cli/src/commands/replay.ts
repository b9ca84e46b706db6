/**
 * `attila replay FILE` (and `attila knights replay FILE`, `attila tribes replay FILE`): re-checks every move
 * of a game record with the game's engine, and the recorded result against what the moves give, then
 * prints the result as JSON (`{winners, reason, ..., moves}`). `attila replay` reads either game's record;
 * a game's own `replay` refuses the other game's, naming the command that reads it.
 */
import { err, ok, type GameKind, type Result } from '@attila/core';
import { replayKnightsRecord } from '@attila/knights';
import { replayTribesRecord } from '@attila/tribes';
import type { Command } from 'commander';
import { readRecordFile } from '../record-file.js';

export function replayRecordFile(file: string, only?: GameKind): Result<string> {
  const read = readRecordFile(file, 'replay.file');
  if (!read.ok) return read;
  const record = read.value;
  if (only !== undefined && record.game !== only) {
    return err(
      'replay.game',
      `${file} is a ${record.game} record, not a ${only} one: replay it with "attila replay ${file}"`,
    );
  }
  const replayed =
    record.game === 'knights'
      ? replayKnightsRecord(record)
      : record.game === 'tribes'
        ? replayTribesRecord(record)
        : err('replay.game', `${file} is a ${record.game} record; attila replays knights and tribes records`);
  if (!replayed.ok) return err(replayed.error.code, `${file}: ${replayed.error.message}`);
  return ok(JSON.stringify({ ...replayed.value.result, moves: record.moves.length }));
}

/** The `replay FILE` action, on `command` (the top-level `replay`, or a game's `replay` with `only`). */
export function replayAction(command: Command, only?: GameKind): Command {
  return command
    .argument('<file>', 'the game record (JSON), e.g. written by play --record or arena --records')
    .action((file: string) => {
      const r = replayRecordFile(file, only);
      if (!r.ok) command.error(r.error.message);
      else process.stdout.write(r.value + '\n');
    });
}

export function registerReplay(replay: Command): void {
  replayAction(replay);
}
