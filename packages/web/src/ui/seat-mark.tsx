/**
 * The BOT mark, as chess sites show it: beside the name of a seat a program plays by nature — one of the
 * server's bots or a bot account (the bot API) — wherever seats are listed (lobby, table, replays,
 * profiles). Not for a person's seat a bot took over for a while: that seat is still the person's.
 */
import { isBotHolder, type SeatHolderKind } from '@attila/protocol';
import { useT } from '../i18n/i18n.js';

export function BotMark({ holder }: { holder: SeatHolderKind | null | undefined }) {
  const t = useT();
  if (!isBotHolder(holder)) return null;
  // A space before it, so the name and the mark read apart when copied or read aloud.
  return (
    <>
      {' '}
      <span class="bot-mark" title={t('lobby.botMark')} data-testid="bot-mark">
        {t('lobby.botMarkShort')}
      </span>
    </>
  );
}
