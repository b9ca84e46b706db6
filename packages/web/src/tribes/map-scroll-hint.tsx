/**
 * On a narrow screen the Tribes map is wider than its box: a visible hint says it scrolls sideways, with
 * buttons that scroll it (for those who do not think of swiping). Hidden whenever the whole map fits.
 */
import type { RefObject } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { useT } from '../i18n/i18n.js';

export function MapScrollHint({ target }: { target: RefObject<HTMLElement> }) {
  const t = useT();
  const [wider, setWider] = useState(false);
  useEffect(() => {
    const el = target.current;
    if (!el) return;
    const measure = () => setWider(el.scrollWidth > el.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [target]);
  if (!wider) return null;
  const scroll = (dir: -1 | 1) => {
    const el = target.current;
    el?.scrollBy({ left: dir * el.clientWidth * 0.6, behavior: 'smooth' });
  };
  return (
    <div class="map-scroll-hint" data-testid="map-scroll-hint">
      <button
        type="button"
        class="small secondary"
        aria-label={t('tribes.mapLeft')}
        onClick={() => scroll(-1)}
      >
        <span aria-hidden="true">←</span>
      </button>
      <span class="muted small">{t('tribes.mapScrollHint')}</span>
      <button
        type="button"
        class="small secondary"
        aria-label={t('tribes.mapRight')}
        onClick={() => scroll(1)}
      >
        <span aria-hidden="true">→</span>
      </button>
    </div>
  );
}
