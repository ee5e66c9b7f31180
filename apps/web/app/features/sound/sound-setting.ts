/**
 * The player's sound switch (issue 41): off by default, one setting for every sound of the site. A visitor's is
 * kept in this browser (local storage); a signed-in player's in their storage on the server (storage.set `sound`),
 * so it follows them to another device. Read once per page for a player; a failed read leaves the browser's.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { api } from '../../lib/api/browser';

/** The key in local storage and in the player's server storage. */
export const SOUND_KEY = 'sound';
const ON = 'on';
const OFF = 'off';

let enabled: boolean | null = null;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

const readLocal = () => {
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem(SOUND_KEY) === ON;
  } catch {
    return false;
  }
};

const writeLocal = (on: boolean) => {
  try {
    localStorage.setItem(SOUND_KEY, on ? ON : OFF);
  } catch {
    // Storage refused (private mode, quota): the switch still holds for this page.
  }
};

/** Whether sounds may play now. */
export const isSoundOn = () => {
  enabled ??= readLocal();
  return enabled;
};

const set = (on: boolean) => {
  if (isSoundOn() === on) return;
  enabled = on;
  emit();
};

/** Switches sound on or off: this browser keeps it, and the server too for a signed-in player. */
export const setSoundOn = async (on: boolean, signedIn: boolean) => {
  set(on);
  writeLocal(on);
  if (signedIn) await api.post<1>('storage.set', { key: SOUND_KEY, value: on ? ON : OFF });
};

/** A signed-in player's saved choice, once per page (null: nothing saved, the browser's stays). */
let loadedFor: number | null = null;
export const loadSavedSound = async (playerId: number) => {
  if (loadedFor === playerId) return;
  loadedFor = playerId;
  try {
    const saved = await api.get<string | null>('storage.get', { key: SOUND_KEY });
    if (saved === ON || saved === OFF) {
      set(saved === ON);
      writeLocal(saved === ON);
    }
  } catch {
    loadedFor = null;
  }
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The switch as a component sees it (off on the server and while hydrating), with the player's saved choice. */
export const useSoundOn = (playerId: number | null) => {
  useEffect(() => {
    if (playerId) void loadSavedSound(playerId);
  }, [playerId]);
  return useSyncExternalStore(subscribe, isSoundOn, () => false);
};

/** Forgets the switch (tests). */
export const resetSoundSetting = () => {
  enabled = null;
  loadedFor = null;
  emit();
};
