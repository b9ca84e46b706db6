/**
 * A signed-in device as a person names it ("Firefox on Android") from its browser's user-agent string,
 * instead of the raw string; null when neither part is recognised (the screen then says "Unknown device").
 */

const BROWSERS: readonly (readonly [RegExp, string])[] = [
  // Order matters: Edge and Opera also say Chrome, Chrome also says Safari.
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(SamsungBrowser)\//, 'Samsung Internet'],
  [/\b(HeadlessChrome|Chrome|CriOS)\//, 'Chrome'],
  [/\bChromium\//, 'Chromium'],
  [/\bVersion\/[\d.]+.*Safari\//, 'Safari'],
];

const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/\bAndroid\b/, 'Android'],
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (list: readonly (readonly [RegExp, string])[], ua: string) =>
  list.find(([re]) => re.test(ua))?.[1] ?? null;

export function deviceName(
  userAgent: string | null,
): { browser: string | null; system: string | null } | null {
  if (!userAgent) return null;
  const browser = first(BROWSERS, userAgent);
  const system = first(SYSTEMS, userAgent);
  return browser || system ? { browser, system } : null;
}
