/** Reading a game record from a file, for every command that takes one. */
import { readFileSync } from 'node:fs';
import { err, parseRecord, type GameRecord, type RecordErrorCode, type Result } from '@attila/core';

/**
 * The record in `file`. A file that cannot be read fails with `code`, one that holds no valid record with the
 * parser's code; both messages name the file.
 */
export function readRecordFile<C extends string>(
  file: string,
  code: C,
): Result<GameRecord, C | RecordErrorCode> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    return err(code, `cannot read ${file}: ${(e as Error).message}`);
  }
  const record = parseRecord(text);
  return record.ok ? record : err(record.error.code, `${file}: ${record.error.message}`);
}
