/** Under a server game's replay: report one of its players (accounts), the game attached. */
import type { TableInfo } from '@attila/protocol';
import { useEffect, useState } from 'preact/hooks';
import { useT } from '../i18n/i18n.js';
import { api } from '../net/api.js';
import { useMe } from '../net/me.js';
import { href } from '../router.js';

export function ReplayReportLinks({ table }: { table: string }) {
  const t = useT();
  const me = useMe();
  const [info, setInfo] = useState<TableInfo | null>(null);
  useEffect(() => {
    void api.table(table).then((r) => r.ok && setInfo(r.value.table));
  }, [table]);
  if (me?.kind !== 'account' || !info) return null;
  const others = info.seats.filter((s) => s.holder === 'account' && s.name && s.name !== me.name);
  if (others.length === 0) return null;
  return (
    <p class="page report-links" data-testid="replay-report">
      {others.map((s) => (
        <a
          key={s.seat}
          class="small"
          href={href({ name: 'report', player: s.name!, from: 'replay', table })}
          data-testid={`replay-report-${s.seat}`}
        >
          {t('community.reportName', { name: s.name })}
        </a>
      ))}
    </p>
  );
}
