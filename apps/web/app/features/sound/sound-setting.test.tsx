/** The sound switch: off by default, a visitor's kept in the browser, a player's saved on the server (issue 41). */
import '@testing-library/jest-dom/vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithSite } from '../../lib/test/render-with-site';
import { messages } from '../auth/test/render-auth';
import { isSoundOn, loadSavedSound, resetSoundSetting, SOUND_KEY, setSoundOn } from './sound-setting';
import { SoundToggle } from './sound-toggle';

const api = vi.hoisted(() => ({
  get: vi.fn<(name: string, params?: unknown) => Promise<unknown>>(),
  post: vi.fn<(name: string, params?: unknown) => Promise<unknown>>(),
}));
vi.mock('../../lib/api/browser', () => ({ api }));

beforeEach(() => {
  localStorage.clear();
  resetSoundSetting();
  api.get.mockReset();
  api.post.mockReset().mockResolvedValue(1);
});
afterEach(() => vi.unstubAllGlobals());

const renderToggle = (account: { uid: number } | null) => {
  const root = { account: account && { ...account, login: 'p', is_registration_completed: true } };
  const router = createMemoryRouter([{ id: 'root', path: '/', element: <SoundToggle /> }], {
    hydrationData: { loaderData: { root } },
  });
  return renderWithSite(router, { messages });
};

describe('the sound setting', () => {
  it('is off by default', () => {
    expect(isSoundOn()).toBe(false);
  });

  it("keeps a visitor's choice in this browser, and asks nothing of the server", async () => {
    await setSoundOn(true, false);
    expect(localStorage.getItem(SOUND_KEY)).toBe('on');
    resetSoundSetting();
    expect(isSoundOn()).toBe(true);
    expect(api.post).not.toHaveBeenCalled();
  });

  it("saves a player's choice in their storage on the server", async () => {
    await setSoundOn(true, true);
    expect(api.post).toHaveBeenCalledWith('storage.set', { key: 'sound', value: 'on' });
    await setSoundOn(false, true);
    expect(api.post).toHaveBeenLastCalledWith('storage.set', { key: 'sound', value: 'off' });
  });

  it("takes the player's saved choice over the browser's, once per player", async () => {
    api.get.mockResolvedValue('on');
    await loadSavedSound(7);
    await loadSavedSound(7);
    expect(isSoundOn()).toBe(true);
    expect(api.get).toHaveBeenCalledOnce();
    expect(api.get).toHaveBeenCalledWith('storage.get', { key: 'sound' });
  });

  it("keeps the browser's choice when the player has saved none", async () => {
    localStorage.setItem(SOUND_KEY, 'on');
    api.get.mockResolvedValue(null);
    await loadSavedSound(7);
    expect(isSoundOn()).toBe(true);
  });
});

describe('the sound toggle', () => {
  it('is a button named Sound, not pressed by default, that a visitor switches on', async () => {
    renderToggle(null);
    const button = await screen.findByRole('button', { name: 'Sound' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await act(async () => fireEvent.click(button));
    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(localStorage.getItem(SOUND_KEY)).toBe('on');
    expect(api.post).not.toHaveBeenCalled();
  });

  it("shows a player's saved choice and saves a change on the server", async () => {
    api.get.mockResolvedValue('on');
    renderToggle({ uid: 7 });
    const button = await screen.findByRole('button', { name: 'Sound', pressed: true });
    await act(async () => fireEvent.click(button));
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(api.post).toHaveBeenCalledWith('storage.set', { key: 'sound', value: 'off' });
  });
});
