/**
 * The moderation queue (`#/moderation`, accounts with the moderator role): open reports oldest first; each
 * opens with its game, the game's chat and the reported player's history (games, abandoned, timeouts,
 * rated tables shared with a seat from the same address, earlier actions), and an action with its reason.
 * Anyone else sees the server's refusal.
 */
import {
  MODERATION_ACTIONS,
  type ModerationAction,
  type ReportCase,
  type ReportView,
} from '@attila/protocol/community';
import { useEffect, useState } from 'preact/hooks';
import { useT } from '../i18n/i18n.js';
import { moderationApi } from '../net/community.js';
import { href } from '../router.js';

function CaseView({ id, onDone }: { id: string; onDone: () => void }) {
  const t = useT();
  const [c, setCase] = useState<ReportCase | null>(null);
  const [action, setAction] = useState<ModerationAction>('warn');
  const [minutes, setMinutes] = useState(60);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    void moderationApi.report(id).then((r) => (r.ok ? setCase(r.value) : setError(r.error.message)));
  }, [id]);
  if (!c) return error ? <p class="error">{error}</p> : null;
  const { report, history } = c;
  const timed = action === 'mute' || action === 'bar-rated';
  const act = async (e: Event) => {
    e.preventDefault();
    const r = await moderationApi.act({
      name: report.reported,
      action,
      reason,
      report: report.id,
      ...(timed ? { minutes } : {}),
      ...(action === 'unrate' && report.table ? { table: report.table } : {}),
    });
    if (!r.ok) return setError(r.error.message);
    onDone();
  };
  const dismiss = async () => {
    const r = await moderationApi.dismiss(report.id, reason);
    if (!r.ok) return setError(r.error.message);
    onDone();
  };
  return (
    <section class="card" data-testid="report-case">
      <h2>{t('moderation.caseTitle', { reported: report.reported, reporter: report.reporter })}</h2>
      <p>
        <strong>{t(`community.reasons.${report.reason}`)}</strong> — {report.note || t('moderation.noNote')}
      </p>
      {c.game && (
        <p>
          <a href={href({ name: c.game.status === 'finished' ? 'replay' : 'table', id: c.game.table })}>
            {t('moderation.game', { game: t(`games.${c.game.game}.name`) })}
          </a>{' '}
          {c.game.rated && <span class="badge">{t('moderation.rated')}</span>}
        </p>
      )}
      <h3>{t('moderation.chat')}</h3>
      {c.chat.length === 0 ? (
        <p class="muted">{t('moderation.noChat')}</p>
      ) : (
        <ul class="chat-log" data-testid="case-chat">
          {c.chat.map((l, i) => (
            <li key={i}>
              <strong>{l.name}</strong>: {l.text}
            </li>
          ))}
        </ul>
      )}
      <h3>{t('moderation.history', { name: history.name })}</h3>
      <dl class="history" data-testid="case-history">
        <dt>{t('moderation.games')}</dt>
        <dd>{history.games}</dd>
        <dt>{t('moderation.abandoned')}</dt>
        <dd data-testid="case-abandoned">{history.abandoned}</dd>
        <dt>{t('moderation.timeouts')}</dt>
        <dd>{history.timeouts}</dd>
        <dt>{t('moderation.reports')}</dt>
        <dd>{history.reports}</dd>
        <dt>{t('moderation.sameAddress')}</dt>
        <dd>
          {history.sameAddressRated.length === 0
            ? t('moderation.none')
            : history.sameAddressRated.map((s) => `${s.with} (${s.table})`).join(', ')}
        </dd>
      </dl>
      {c.actions.length > 0 && (
        <ul data-testid="case-actions">
          {c.actions.map((a) => (
            <li key={a.id}>
              {t(`moderation.actions.${a.action}`)} — {a.by}: {a.reason}
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={act} class="moderation-act">
        <label>
          {t('moderation.action')}
          <select
            value={action}
            onChange={(e) => setAction((e.target as HTMLSelectElement).value as ModerationAction)}
            data-testid="moderation-action"
          >
            {MODERATION_ACTIONS.filter((a) => a !== 'unrate' || c.game?.rated).map((a) => (
              <option key={a} value={a}>
                {t(`moderation.actions.${a}`)}
              </option>
            ))}
          </select>
        </label>
        {timed && (
          <label>
            {t('moderation.minutes')}
            <input
              type="number"
              min={1}
              value={minutes}
              onInput={(e) => setMinutes(Number((e.target as HTMLInputElement).value))}
              data-testid="moderation-minutes"
            />
          </label>
        )}
        <label>
          {t('moderation.why')}
          <textarea
            required
            maxLength={500}
            value={reason}
            onInput={(e) => setReason((e.target as HTMLTextAreaElement).value)}
            data-testid="moderation-reason"
          />
        </label>
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" data-testid="moderation-submit">
          {t('moderation.act')}
        </button>{' '}
        <button type="button" class="secondary" onClick={dismiss} data-testid="moderation-dismiss">
          {t('moderation.dismiss')}
        </button>
      </form>
    </section>
  );
}

export function ModerationScreen() {
  const t = useT();
  const [reports, setReports] = useState<ReportView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [done, setDone] = useState(0);
  useEffect(() => {
    void moderationApi
      .queue('open')
      .then((r) => (r.ok ? setReports(r.value.reports) : setError(r.error.message)));
  }, [done]);
  return (
    <main class="page" data-testid="moderation">
      <h1>{t('moderation.title')}</h1>
      {error && (
        <p class="error" role="alert" data-testid="moderation-refused">
          {error}
        </p>
      )}
      {done > 0 && (
        <p class="notice" role="status" data-testid="moderation-done">
          {t('moderation.done')}
        </p>
      )}
      {reports && reports.length === 0 && <p class="muted">{t('moderation.empty')}</p>}
      {reports && reports.length > 0 && (
        <ul class="report-queue" data-testid="report-queue">
          {reports.map((r) => (
            <li key={r.id}>
              <button type="button" class="link" onClick={() => setOpen(r.id)} data-testid="open-report">
                {t('moderation.queueLine', {
                  reported: r.reported,
                  reporter: r.reporter,
                  reason: t(`community.reasons.${r.reason}`),
                  date: new Date(r.at).toLocaleString(),
                })}
              </button>
            </li>
          ))}
        </ul>
      )}
      {open && (
        <CaseView
          key={open}
          id={open}
          onDone={() => {
            setOpen(null);
            setDone((n) => n + 1);
          }}
        />
      )}
    </main>
  );
}
