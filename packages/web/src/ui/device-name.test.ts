import { describe, expect, it } from 'vitest';
import { deviceName } from './device-name.js';

describe('a signed-in device by name', () => {
  it('names the browser and the system of common user agents', () => {
    const chromeLinux =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36';
    expect(deviceName(chromeLinux)).toEqual({ browser: 'Chrome', system: 'Linux' });
    const firefoxAndroid = 'Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0';
    expect(deviceName(firefoxAndroid)).toEqual({ browser: 'Firefox', system: 'Android' });
    const safariIphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
    expect(deviceName(safariIphone)).toEqual({ browser: 'Safari', system: 'iOS' });
    const edgeWindows =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0';
    expect(deviceName(edgeWindows)).toEqual({ browser: 'Edge', system: 'Windows' });
  });

  it('says nothing it cannot tell: none for an empty or unknown agent, half for half', () => {
    expect(deviceName(null)).toBeNull();
    expect(deviceName('')).toBeNull();
    expect(deviceName('curl/8.5.0')).toBeNull();
    expect(deviceName('Mozilla/5.0 (Macintosh) SomeBrowser/1')).toEqual({ browser: null, system: 'macOS' });
  });
});
