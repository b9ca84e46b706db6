/**
 * Muting a table's chat (accounts): the server stops sending others' lines to this player's sockets at the
 * table, and this page hides them at once (the socket open now was greeted before the mute).
 */
import { useEffect, useState } from 'preact/hooks';
import { useT } from '../i18n/i18n.js';
import { communityApi } from '../net/community.js';
import { useMe } from '../net/me.js';

export function useChatMute(table: string): { muted: boolean; toggle: (() => void) | null } {
  const me = useMe();
  const [muted, setMuted] = useState(false);
  const account = me?.kind === 'account';
  useEffect(() => {
    if (!account) return;
    void communityApi.state().then((r) => r.ok && setMuted(r.value.mutedTables.includes(table)));
  }, [table, account]);
  const toggle = async () => {
    const r = await communityApi.muteChat(table, !muted);
    if (r.ok) setMuted(r.value.mutedTables.includes(table));
  };
  return { muted, toggle: account ? () => void toggle() : null };
}

export function ChatMuteButton({ muted, toggle }: { muted: boolean; toggle: () => void }) {
  const t = useT();
  return (
    <button
      type="button"
      class="small secondary"
      aria-pressed={muted}
      onClick={toggle}
      data-testid="mute-chat"
    >
      {muted ? t('community.unmuteChat') : t('community.muteChat')}
    </button>
  );
}
