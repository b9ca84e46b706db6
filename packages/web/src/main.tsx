import { render } from 'preact';
import { App } from './app.js';
import { i18n } from './i18n/i18n.js';
import './styles.css';

document.documentElement.lang = i18n.language;
render(<App />, document.getElementById('app')!);
