/** A table on the server: its game is looked up first, then that game's table screen takes over. */
import type { TableInfo } from '@attila/protocol';
import { useEffect, useState } from 'preact/hooks';
import { clientGame } from '../games/registry.js';
import { useT } from '../i18n/i18n.js';
import { api } from '../net/api.js';

export function TableScreen({ id }: { id: string }) {
  const t = useT();
  const [table, setTable] = useState<TableInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    void api.table(id).then((r) => (r.ok ? setTable(r.value.table) : setError(r.error.message)));
  }, [id]);
  if (!table) {
    return (
      <main class="page">
        <p>{error ? t('common.error', { message: error }) : t('app.loading')}</p>
      </main>
    );
  }
  const { Table } = clientGame(table.game);
  return <Table first={table} />;
}
