import { GAME_KINDS } from '@attila/core';
import { useEffect, useState } from 'preact/hooks';
import { useT } from './i18n/i18n.js';
import { parseRoute, type Route } from './router.js';
import { Header } from './ui/header.js';
import { syncLessonProgress } from './lessons/account-progress.js';
import { connectPlayerSocket } from './net/challenges.js';
import { ensureMe, onMeChange, useMe } from './net/me.js';
import { ChallengesBar } from './ui/challenges-bar.js';
import { EventCallNotice } from './ui/event-call.js';
import { UpdatePrompt } from './ui/update-prompt.js';
import { Home } from './screens/home.js';
import { RulesScreen } from './screens/rules.js';
import { lazyScreen } from './ui/lazy.js';

const HotseatScreen = lazyScreen(() => import('./screens/hotseat.js').then((m) => m.HotseatScreen));
const LobbyScreen = lazyScreen(() => import('./screens/lobby.js').then((m) => m.LobbyScreen));
const TableScreen = lazyScreen(() => import('./screens/table.js').then((m) => m.TableScreen));
const AccountScreen = lazyScreen(() => import('./screens/account.js').then((m) => m.AccountScreen));
const ChallengeScreen = lazyScreen(() => import('./screens/challenge.js').then((m) => m.ChallengeScreen));
const PlayerScreen = lazyScreen(() => import('./screens/player.js').then((m) => m.PlayerScreen));
const LessonsScreen = lazyScreen(() => import('./lessons/lessons-screen.js').then((m) => m.LessonsScreen));
const LessonScreen = lazyScreen(() => import('./lessons/lesson-screen.js').then((m) => m.LessonScreen));
const LeaderboardScreen = lazyScreen(() =>
  import('./screens/leaderboard.js').then((m) => m.LeaderboardScreen),
);
const EventsScreen = lazyScreen(() => import('./screens/events.js').then((m) => m.EventsScreen));
const EventScreen = lazyScreen(() => import('./screens/event.js').then((m) => m.EventScreen));
const ModerationScreen = lazyScreen(() => import('./screens/moderation.js').then((m) => m.ModerationScreen));
const ReportScreen = lazyScreen(() => import('./community/report-screen.js').then((m) => m.ReportScreen));
const LadderScreen = lazyScreen(() => import('./screens/ladder.js').then((m) => m.LadderScreen));
const BotsScreen = lazyScreen(() => import('./screens/bots.js').then((m) => m.BotsScreen));
const ReplayScreen = lazyScreen(() => import('./screens/replay.js').then((m) => m.ReplayScreen));
const KnightsAnalysisScreen = lazyScreen(() =>
  import('./screens/knights-analysis.js').then((m) => m.KnightsAnalysisScreen),
);
const KnightsPuzzlesScreen = lazyScreen(() =>
  import('./screens/knights-puzzles.js').then((m) => m.KnightsPuzzlesScreen),
);

/**
 * The route, and `visit`: how many times the address was changed from outside the screen (a link followed,
 * an address pasted). A screen that rewrites its own address (`history.replaceState`, no event) and reads
 * the address once is keyed by the visit, so a link to any position opens it, even the one it started at.
 */
function useRoute(): { route: Route; visit: number } {
  const [shown, setShown] = useState(() => ({
    hash: location.hash,
    route: parseRoute(location.hash),
    visit: 0,
  }));
  // The effect runs after the first render (after a paint): a hash change landing in between (a link taken
  // as the app starts) has no listener yet, so the hash is read once more when the listener is there (the
  // same hash keeps the same state: no render).
  useEffect(() => {
    const visit = () =>
      setShown((s) => ({ hash: location.hash, route: parseRoute(location.hash), visit: s.visit + 1 }));
    const onHash = () =>
      setShown((s) =>
        s.hash === location.hash
          ? s
          : { ...s, hash: location.hash, route: parseRoute(location.hash), visit: s.visit + 1 },
      );
    addEventListener('hashchange', visit);
    onHash();
    return () => removeEventListener('hashchange', visit);
  }, []);
  return shown;
}

function Screen({ route, visit }: { route: Route; visit: number }) {
  const t = useT();
  switch (route.name) {
    case 'home':
      return <Home />;
    case 'rules':
      return <RulesScreen game={route.game} />;
    case 'hotseat':
      return <HotseatScreen key={route.game} game={route.game} />;
    case 'lobby':
      return <LobbyScreen game={route.game ?? GAME_KINDS[0]} />;
    case 'table':
      return <TableScreen key={route.id} id={route.id} />;
    case 'replay':
      // A visit is a fresh screen: home and back again at once (one render for both) shows the file input.
      return <ReplayScreen key={`${route.id ?? ''}/${visit}`} id={route.id} />;
    case 'knightsAnalysis':
      // A link followed inside the app opens its position (the screen reads it once, then rewrites the address).
      return <KnightsAnalysisScreen key={visit} position={route.position} />;
    case 'knightsPuzzles':
      return <KnightsPuzzlesScreen key={JSON.stringify(route.puzzle)} puzzle={route.puzzle} />;
    case 'account':
      return <AccountScreen />;
    case 'player':
      return <PlayerScreen key={route.player} name={route.player} />;
    case 'challenge':
      return <ChallengeScreen key={route.player ?? ''} opponent={route.player} />;
    case 'lessons':
      return <LessonsScreen />;
    case 'leaderboard':
      return <LeaderboardScreen />;
    case 'ladder':
      return <LadderScreen />;
    case 'events':
      return <EventsScreen />;
    case 'event':
      return <EventScreen key={route.id} id={route.id} code={route.code} />;
    case 'bots':
      return <BotsScreen />;
    case 'lesson':
      return <LessonScreen key={route.id} id={route.id} />;
    case 'moderation':
      return <ModerationScreen />;
    case 'report':
      return <ReportScreen key={`${route.player}/${route.table}`} {...route} />;
    case 'notFound':
      return (
        <main class="page">
          <h1>{t('notFound.title')}</h1>
          <p>{t('notFound.text', { path: route.path })}</p>
          <a class="button" href="#/">
            {t('nav.home')}
          </a>
        </main>
      );
  }
}

export function App() {
  const { route, visit } = useRoute();
  // A visitor is a player from the first page on: its session's, or a new guest.
  useEffect(() => void ensureMe(), []);
  // Signed in to an account: its lessons done and this browser's are merged (lessons/account-progress.ts).
  useEffect(() => onMeChange((me) => void syncLessonProgress(me)), []);
  // The player's socket: challenges reach every screen at once (reopened when the player changes).
  const me = useMe();
  useEffect(() => {
    if (me) connectPlayerSocket();
  }, [me?.id]);
  return (
    <>
      <Header route={route} />
      <UpdatePrompt />
      <ChallengesBar />
      <EventCallNotice />
      <Screen route={route} visit={visit} />
    </>
  );
}
