/** The synthesized sounds play only while the switch is on, at the spec's volume 0.5 (§9). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSoundSetting, setSoundOn } from './sound-setting';
import { playSound, resetSounds, SOUND_VOLUME, SOUNDS } from './sounds';

vi.mock('../../lib/api/browser', () => ({ api: { get: vi.fn(), post: vi.fn() } }));

const param = () => ({ value: 0, setValueAtTime: vi.fn(), linearRampToValueAtTime: vi.fn() });
const made = { contexts: 0, gains: [] as { gain: ReturnType<typeof param> }[], oscillators: [] as unknown[] };
class FakeAudioContext {
  state = 'running';
  currentTime = 0;
  destination = {};
  constructor() {
    made.contexts += 1;
  }
  resume = vi.fn();
  createGain() {
    const gain = { gain: param(), connect: vi.fn() };
    made.gains.push(gain);
    return gain;
  }
  createOscillator() {
    const osc = { type: 'sine', frequency: param(), connect: vi.fn(), start: vi.fn(), stop: vi.fn() };
    made.oscillators.push(osc);
    return osc;
  }
}

beforeEach(() => {
  localStorage.clear();
  resetSoundSetting();
  resetSounds();
  made.contexts = 0;
  made.gains = [];
  made.oscillators = [];
  vi.stubGlobal('AudioContext', FakeAudioContext);
});
afterEach(() => vi.unstubAllGlobals());

describe('the game sounds', () => {
  it('stay silent while the switch is off (the default): no audio is even made', () => {
    expect(playSound('win')).toBe(false);
    expect(made.contexts).toBe(0);
  });

  it('play at volume 0.5 once switched on, one tone per note', async () => {
    await setSoundOn(true, false);
    expect(playSound('win')).toBe(true);
    expect(made.gains[0]?.gain.value).toBe(SOUND_VOLUME);
    expect(SOUND_VOLUME).toBe(0.5);
    expect(made.oscillators).toHaveLength(SOUNDS.win.length);
    expect(playSound('notification')).toBe(true);
    expect(made.contexts).toBe(1);
  });

  it('each of bet, win, lose, cash-out and notification is a sound of its own', () => {
    const shapes = Object.values(SOUNDS).map((tones) => JSON.stringify(tones));
    expect(new Set(shapes).size).toBe(5);
  });
});
