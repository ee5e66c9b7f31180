/**
 * The site's sounds, made here with the Web Audio API (no file to download): short tones for a bet, a win, a loss,
 * a cash-out and a notification. They play only while the player's switch is on (sound-setting.ts, off by
 * default), at the spec's volume (§9: 0.5). A browser that refuses audio (no interaction yet) stays silent.
 */
import { isSoundOn } from './sound-setting';

/** Spec §9 sound volume. */
export const SOUND_VOLUME = 0.5;

export type TSoundName = 'bet' | 'win' | 'lose' | 'cashout' | 'notification';

interface TTone {
  /** Hz at the start, and at the end when it glides. */
  from: number;
  to?: number;
  /** Seconds after the sound starts. */
  at: number;
  length: number;
  wave: OscillatorType;
}

const tone = (
  from: number,
  at: number,
  length: number,
  wave: OscillatorType = 'sine',
  to?: number,
): TTone => ({
  from,
  at,
  length,
  wave,
  ...(to === undefined ? {} : { to }),
});

export const SOUNDS: Record<TSoundName, readonly TTone[]> = {
  // A quick rising sweep: the bet is in, the reels or the ball are off.
  bet: [tone(240, 0, 0.16, 'triangle', 720)],
  // A bright major arpeggio, C5 E5 G5 C6.
  win: [tone(523, 0, 0.12), tone(659, 0.09, 0.12), tone(784, 0.18, 0.12), tone(1047, 0.27, 0.24)],
  // Two soft falling notes, G4 to C4.
  lose: [tone(392, 0, 0.16, 'sine', 330), tone(262, 0.14, 0.22)],
  // Coins: two short high pings.
  cashout: [tone(1319, 0, 0.08, 'square'), tone(1760, 0.07, 0.16, 'square')],
  // The notice chime (loyalty toasts and the like).
  notification: [tone(880, 0, 0.1), tone(1320, 0.12, 0.1)],
};

let context: AudioContext | null = null;

const audioContext = () => {
  if (context) return context;
  const Context = typeof window === 'undefined' ? undefined : window.AudioContext;
  if (!Context) return null;
  context = new Context();
  return context;
};

/** Plays a sound when the switch is on; answers whether it was started. */
export const playSound = (name: TSoundName): boolean => {
  if (!isSoundOn()) return false;
  try {
    const audio = audioContext();
    if (!audio) return false;
    if (audio.state === 'suspended') void audio.resume();
    const start = audio.currentTime;
    const master = audio.createGain();
    master.gain.value = SOUND_VOLUME;
    master.connect(audio.destination);
    for (const part of SOUNDS[name]) {
      const osc = audio.createOscillator();
      const envelope = audio.createGain();
      const begin = start + part.at;
      const end = begin + part.length;
      osc.type = part.wave;
      osc.frequency.setValueAtTime(part.from, begin);
      if (part.to !== undefined) osc.frequency.linearRampToValueAtTime(part.to, end);
      // A short attack and release: no click at either end.
      envelope.gain.setValueAtTime(0, begin);
      envelope.gain.linearRampToValueAtTime(1, begin + 0.01);
      envelope.gain.linearRampToValueAtTime(0, end);
      osc.connect(envelope);
      envelope.connect(master);
      osc.start(begin);
      osc.stop(end + 0.02);
    }
    return true;
  } catch {
    return false;
  }
};

/** Forgets the audio context (tests). */
export const resetSounds = () => {
  context = null;
};
