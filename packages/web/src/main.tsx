import { render } from 'preact';
import { App } from './app.js';
import { i18n } from './i18n/i18n.js';
import { followNoticeClicks } from './net/push.js';
import './styles.css';

document.documentElement.lang = i18n.language;
render(<App />, document.getElementById('app')!);
followNoticeClicks();
// The first screen is on the page: tests and real-user monitoring read this mark.
requestAnimationFrame(() => performance.mark('attila:first-screen'));
