import { describe, expect, it } from 'vitest';
import { deviceClassOf } from './device-class';

describe('device classes (spec §2)', () => {
  it.each([
    [320, 'mobile'],
    [767, 'mobile'],
    [768, 'tablet'],
    [991, 'tablet'],
    [992, 'laptop'],
    [1279, 'laptop'],
    [1280, 'laptopLg'],
    [1365, 'laptopLg'],
    [1366, 'desktopSm'],
    [1439, 'desktopSm'],
    [1440, 'desktop'],
    [1695, 'desktop'],
    [1696, 'desktopMd'],
    [1919, 'desktopMd'],
    [1920, 'desktopLg'],
    [3840, 'desktopLg'],
  ])('%i px is %s', (width, expected) => {
    expect(deviceClassOf(width)).toBe(expected);
  });
});
