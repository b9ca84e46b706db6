/**
 * "Your games" on the home screen: the tables this browser holds a seat at, most urgent first (your turn,
 * least time left), each with whose turn it is and the time left. Built only on what the browser knows (the
 * seat tokens the table screen keeps), so it works without an account; shown only when there are some.
 */
import { useEffect, useState } from 'preact/hooks';
import { useT } from '../i18n/i18n.js';
import { byUrgency, glance, heldTables, timeLeft, turnOf, type TableGlance } from '../net/held-tables.js';
import { href } from '../router.js';
import { clockText } from '../ui/clock-text.js';

export function YourGames() {
  const t = useT();
  const [games, setGames] = useState<TableGlance[] | null>(null);
  useEffect(() => {
    const held = heldTables();
    if (held.length === 0) return setGames([]);
    let live = true;
    void Promise.all(held.map((h) => glance(h.table, h.held))).then((answers) => {
      if (!live) return;
      // A table that is gone or a seat that was given up is not yours any more: left out.
      setGames(answers.flatMap((a) => (a.ok ? [a.value] : [])).sort(byUrgency));
    });
    return () => {
      live = false;
    };
  }, []);
  if (!games || games.length === 0) return null;
  return (
    <section class="card your-games" data-testid="your-games" aria-labelledby="your-games-title">
      <h2 id="your-games-title">{t('yourGames.title')}</h2>
      <ul>
        {games.map((g) => {
          const turn = turnOf(g);
          const left = timeLeft(g);
          const clock = g.snapshot?.clock;
          const other = g.snapshot?.toAct.find((s) => s !== g.seat);
          const who = other === undefined ? '' : (g.table.seats[other]?.name ?? '');
          return (
            <li key={g.table.id} class={`your-game ${turn}`} data-testid={`your-game-${g.table.id}`}>
              <a href={href({ name: 'table', id: g.table.id })}>{t(`games.${g.table.game}.name`)}</a>
              <span data-testid="turn">
                {turn === 'theirs' ? t('yourGames.theirs', { name: who }) : t(`yourGames.${turn}`)}
              </span>
              {clock && left !== null && turn !== 'over' && (
                <span class="clock" data-testid="left">
                  {t('yourGames.left', { time: clockText(t, clock.settings, left - (Date.now() - g.at)) })}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
