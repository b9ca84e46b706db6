/**
 * A "?" beside a decision that opens the rule that applies to it, in the player's language: a disclosure
 * button (aria-expanded, aria-controls) that Tab reaches and Enter/Space toggles; the text is short and
 * follows docs/rules/.
 */
import { useId, useState } from 'preact/hooks';
import { useT } from '../i18n/i18n.js';
import { lessonForTopic } from '../lessons/catalogue.js';
import type { HelpTopic } from './help-topic.js';

export type { HelpTopic } from './help-topic.js';

export function RuleHelp({ topic }: { topic: HelpTopic }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const id = useId();
  const title = t(`help.${topic}.title`);
  const lesson = lessonForTopic(topic);
  return (
    <span class="rule-help" data-testid={`help-${topic}`}>
      <button
        type="button"
        class="help-toggle"
        aria-expanded={open}
        aria-controls={id}
        aria-label={t('help.open', { topic: title })}
        data-testid="help-toggle"
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden="true">?</span>
      </button>
      <span id={id} class="help-text" role="note" hidden={!open} data-testid="help-text">
        <strong>{title}</strong> {t(`help.${topic}.text`)}
        {lesson && (
          <>
            {' '}
            <a href={`#/learn/${lesson.id}`} data-testid="help-lesson">
              {t('lessons.learnLink')}
            </a>
          </>
        )}
      </span>
    </span>
  );
}
