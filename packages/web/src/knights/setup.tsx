/**
 * Choosing a Knights game's settings: a layout (a preset, or the player's own arrangement of the four
 * tiles) and the side that begins. The engine validates the result; its error is shown unchanged.
 */
import { useMemo, useState } from 'preact/hooks';
import { knightsGame, PRESET_LAYOUTS, readPosition, SIDE_LETTERS } from '@attila/knights';
import { useT } from '../i18n/i18n.js';
import type { EditorTile } from './tile-arrangement.js';
import { TileEditor } from './tile-editor.js';

export interface KnightsSettingsForm {
  readonly layout: string;
  readonly first: 'R' | 'H';
}

export const DEFAULT_KNIGHTS_SETTINGS: KnightsSettingsForm = { layout: 'standard', first: 'R' };

/** The empty board of a layout, drawn small. */
export function LayoutPreview({ layout, size = 90 }: { layout: string; size?: number }) {
  const shape = useMemo(() => {
    const s = knightsGame.parseSettings({ layout, first: 'R' });
    if (!s.ok) return null;
    const st = knightsGame.setup(s.value, 'preview');
    if (!st.ok) return null;
    return readPosition(knightsGame.view(st.value, 'spectator').position);
  }, [layout]);
  if (!shape) return null;
  const cell = Math.min(size / shape.cols, size / shape.rows);
  return (
    <svg width={shape.cols * cell} height={shape.rows * cell} aria-hidden="true" class="layout-preview">
      {shape.squares
        .filter((s) => s.cell !== 'gap')
        .map((s) => (
          <rect
            key={s.name}
            x={s.col * cell + 1}
            y={s.row * cell + 1}
            width={cell - 2}
            height={cell - 2}
            rx="2"
            fill={(s.row + s.col) % 2 ? '#b89c66' : '#d9c796'}
            stroke="#8a7446"
          />
        ))}
    </svg>
  );
}

export function KnightsSetup(props: {
  value: KnightsSettingsForm;
  onChange: (v: KnightsSettingsForm) => void;
  firstLabelKey?: string;
  /** Only the layout is chosen (the analysis board sets the side to move itself). */
  layoutOnly?: boolean;
  /** The tile editor's starting tiles (the layout being changed). */
  initialTiles?: readonly EditorTile[];
}) {
  const t = useT();
  const isPreset = PRESET_LAYOUTS.some((p) => p.name === props.value.layout);
  const [custom, setCustom] = useState(!isPreset);
  const check = knightsGame.parseSettings({ layout: props.value.layout, first: props.value.first });
  return (
    <div class="knights-setup">
      <fieldset>
        <legend>{t('knights.layout')}</legend>
        <p class="muted small">{t('knights.layoutHelp')}</p>
        <div class="presets" role="radiogroup" aria-label={t('knights.preset')}>
          {PRESET_LAYOUTS.map((p) => (
            <button
              key={p.name}
              type="button"
              role="radio"
              aria-checked={!custom && props.value.layout === p.name}
              data-testid={`preset-${p.name}`}
              class={`preset ${!custom && props.value.layout === p.name ? 'chosen' : ''}`}
              onClick={() => {
                setCustom(false);
                props.onChange({ ...props.value, layout: p.name });
              }}
            >
              <LayoutPreview layout={p.name} size={70} />
              <span>{t(`knights.presets.${p.name}`)}</span>
            </button>
          ))}
          <button
            type="button"
            role="radio"
            aria-checked={custom}
            class={`preset ${custom ? 'chosen' : ''}`}
            data-testid="preset-custom"
            onClick={() => setCustom(true)}
          >
            <span class="big-icon" aria-hidden="true">
              ✥
            </span>
            <span>{t('knights.custom')}</span>
          </button>
        </div>
        {custom && (
          <TileEditor
            initial={props.initialTiles}
            onChange={(shape) => props.onChange({ ...props.value, layout: shape })}
          />
        )}
        {/* The tile editor says in its own words what is wrong with an arrangement. */}
        {!check.ok && !custom && (
          <p class="error">{t('knights.editorInvalid', { message: check.error.message })}</p>
        )}
      </fieldset>
      {!props.layoutOnly && (
        <fieldset>
          <legend>{t(props.firstLabelKey ?? 'knights.first')}</legend>
          <div class="row">
            {SIDE_LETTERS.map((s) => (
              <label key={s} class="radio">
                <input
                  type="radio"
                  name="first"
                  checked={props.value.first === s}
                  onChange={() => props.onChange({ ...props.value, first: s })}
                />
                {t(`sides.${s}`)}
              </label>
            ))}
          </div>
        </fieldset>
      )}
    </div>
  );
}
