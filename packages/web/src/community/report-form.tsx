/** Reporting a player: a reason, what happened, and the game when filed from a table or a replay. */
import { REPORT_REASONS, type ReportReason, type ReportSource } from '@attila/protocol/community';
import { useState } from 'preact/hooks';
import { useT } from '../i18n/i18n.js';
import { communityApi } from '../net/community.js';

export function ReportForm({
  name,
  from,
  table,
  onDone,
}: {
  name: string;
  from: ReportSource;
  table?: string;
  onDone?: () => void;
}) {
  const t = useT();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  if (sent)
    return (
      <p class="notice" role="status" data-testid="report-sent">
        {t('community.reportSent', { name })}
      </p>
    );
  const submit = async (e: Event) => {
    e.preventDefault();
    if (!reason) return setError(t('community.reasonNeeded'));
    const r = await communityApi.report({ name, reason, note, from, ...(table ? { table } : {}) });
    if (!r.ok) return setError(r.error.message);
    setSent(true);
    onDone?.();
  };
  return (
    <form class="card report-form" onSubmit={submit} data-testid="report-form">
      <h2>{t('community.reportTitle', { name })}</h2>
      {table && <p class="muted">{t('community.reportGame', { table })}</p>}
      <label>
        {t('community.reason')}
        <select
          value={reason}
          onChange={(e) => setReason((e.target as HTMLSelectElement).value as ReportReason)}
          data-testid="report-reason"
        >
          <option value="">{t('community.chooseReason')}</option>
          {REPORT_REASONS.map((r) => (
            <option key={r} value={r}>
              {t(`community.reasons.${r}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('community.note')}
        <textarea
          maxLength={500}
          value={note}
          onInput={(e) => setNote((e.target as HTMLTextAreaElement).value)}
          data-testid="report-note"
        />
      </label>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" data-testid="report-send">
        {t('community.sendReport')}
      </button>
    </form>
  );
}
