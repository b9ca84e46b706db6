/**
 * Replays: a finished game from the server, or a record file from disk, re-played move by move through
 * the engine in the browser. Step, jump, autoplay; the Knights analysis is available here.
 */
import { parseRecord, type Result } from '@attila/core';
import type { TableInfo } from '@attila/protocol';
import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { clientGame } from '../games/registry.js';
import { useT } from '../i18n/i18n.js';
import { api } from '../net/api.js';
import { TableList } from './table-list.js';
import { ReplayReportLinks } from '../community/replay-report.js';

/** A record's text, replayed by its game's engine: the screen to step through it, or why not. */
function load(text: string): Result<ComponentType> {
  const rec = parseRecord(text);
  if (!rec.ok) return rec;
  return clientGame(rec.value.game).replay(rec.value);
}

export function ReplayScreen({ id }: { id: string | null }) {
  const t = useT();
  const [Loaded, setLoaded] = useState<ComponentType | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [finished, setFinished] = useState<TableInfo[]>([]);

  useEffect(() => {
    if (id) {
      void api.record(id).then((r) => {
        if (!r.ok) return setError(r.error.message);
        const l = load(r.value);
        if (l.ok) setLoaded(() => l.value);
        else setError(l.error.message);
      });
    } else {
      void api.finishedTables().then((r) => r.ok && setFinished(r.value.tables));
    }
  }, [id]);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const l = load(await file.text());
    if (l.ok) {
      setError(null);
      setLoaded(() => l.value);
    } else setError(l.error.message);
  };

  if (Loaded)
    return (
      <>
        <Loaded />
        {id && <ReplayReportLinks table={id} />}
      </>
    );
  return (
    <main class="page">
      <h1>{t('replay.title')}</h1>
      {error && <p class="error">{t('replay.invalid', { message: error })}</p>}
      {!id && (
        <div class="grid2">
          <section class="card">
            <h2>{t('replay.load')}</h2>
            <p class="muted">{t('replay.loadHelp')}</p>
            <input
              type="file"
              accept=".json,application/json"
              data-testid="record-file"
              aria-label={t('replay.load')}
              onChange={(e) => void onFile(e.currentTarget.files?.[0])}
            />
          </section>
          <section>
            <h2>{t('replay.fromServer')}</h2>
            <TableList
              tables={finished}
              filter={(tb) => tb.status === 'finished'}
              empty={t('replay.noneFinished')}
            />
          </section>
        </div>
      )}
      {id && !error && <p>{t('app.loading')}</p>}
    </main>
  );
}
