/** Small media-control icons in SVG (system fonts often lack the Unicode media symbols). */
const PATHS = {
  first: 'M4 3h2v12H4zM16 3v12L7 9z',
  prev: 'M14 3v12L5 9z',
  play: 'M5 3v12l10-6z',
  pause: 'M4 3h3.5v12H4zM10.5 3H14v12h-3.5z',
  next: 'M4 3v12l9-6z',
  last: 'M12 3h2v12h-2zM2 3v12l9-6z',
} as const;

export function Icon({ name }: { name: keyof typeof PATHS }) {
  return (
    <svg class="icon" viewBox="0 0 18 18" aria-hidden="true">
      <path d={PATHS[name]} />
    </svg>
  );
}
