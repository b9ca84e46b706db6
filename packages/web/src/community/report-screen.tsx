/** Reporting a player about a game (`#/report/NAME/table|replay/ID`), reached from the table or the replay. */
import { useT } from '../i18n/i18n.js';
import { useMe } from '../net/me.js';
import { href } from '../router.js';
import { ReportForm } from './report-form.js';

export function ReportScreen({
  player,
  from,
  table,
}: {
  player: string;
  from: 'table' | 'replay';
  table: string;
}) {
  const t = useT();
  const me = useMe();
  return (
    <main class="page" data-testid="report-screen">
      <h1>{t('community.report')}</h1>
      {me?.kind !== 'account' ? (
        <p class="muted">{t('community.accountsOnly')}</p>
      ) : (
        <ReportForm name={player} from={from} table={table} />
      )}
      <p>
        <a href={href({ name: from === 'table' ? 'table' : 'replay', id: table })}>
          {t('community.backToGame')}
        </a>
      </p>
    </main>
  );
}
