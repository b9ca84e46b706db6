import { describe, expect, it } from 'vitest';
import { typedMove } from './move-input.js';

describe('a Tribes move typed as text', () => {
  it('reads tribes and provinces in any case into the canonical notation the legal moves use', () => {
    expect(typedMove('PLAY huns GERMANIA')).toBe('play Huns germania');
    expect(typedMove('  influence ')).toBe('influence');
    expect(typedMove('commit goths,HUNS,huns')).toBe('commit Huns,Huns,Goths');
    expect(typedMove('commit -')).toBe('commit -');
    expect(typedMove('tile influence franks+huns')).toBe('tile influence Franks+Huns');
  });

  it('gives no move for what is not one', () => {
    expect(typedMove('march on Rome')).toBeNull();
    expect(typedMove('play Romans italia')).toBeNull();
    expect(typedMove('play Huns')).toBeNull();
    expect(typedMove('')).toBeNull();
  });
});
