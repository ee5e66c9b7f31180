/** A loyalty notice chimes (the shared notification sound) only when the operator's config asks for sound. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTICE_DELAY_MS, showNotices } from './use-loyalty-notices';

const mocks = vi.hoisted(() => ({ playSound: vi.fn(), show: vi.fn() }));
vi.mock('../../sound/sounds', () => ({ playSound: mocks.playSound }));
vi.mock('../../../ui/toasts', () => ({ toast: { show: mocks.show } }));

const notice = {
  id: 1,
  trigger: 'level_up',
  type: 'other',
  title: 'Level up',
  message: 'You reached Silver',
} as unknown as Parameters<typeof showNotices>[0][number];
const config = (sound: boolean) =>
  ({ coinIcon: '', notification: { duration: 5, sound } }) as unknown as Parameters<typeof showNotices>[1];

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  mocks.playSound.mockReset();
});

describe('the loyalty notice sound', () => {
  it('plays the notification sound with the toast when the operator turned sound on', async () => {
    showNotices([notice], config(true));
    await vi.advanceTimersByTimeAsync(NOTICE_DELAY_MS);
    await vi.waitFor(() => expect(mocks.playSound).toHaveBeenCalledWith('notification'));
    expect(mocks.show).toHaveBeenCalled();
  });

  it('stays silent when the operator did not', async () => {
    showNotices([notice], config(false));
    await vi.advanceTimersByTimeAsync(NOTICE_DELAY_MS * 2);
    expect(mocks.playSound).not.toHaveBeenCalled();
  });
});
