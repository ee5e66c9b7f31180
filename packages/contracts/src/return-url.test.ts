/** Return addresses: our paths and our (or the operator's listed) origins pass; every way to another host does not. */
import { describe, expect, it } from 'vitest';
import { safeReturnUrl } from './return-url.ts';

const origins = {
  own: ['https://casino.example', 'http://localhost:3000'],
  allowed: ['https://partner.example'],
};
const check = (value: string) => safeReturnUrl(value, origins);

describe('safeReturnUrl', () => {
  it('answers a path of ours as given, and the home page for nothing', () => {
    for (const path of [
      '/',
      '/en/games',
      '/en/games?tab=new&q=%2F%2F#top',
      '/es/gamehall/slots',
      '/a/b/../c',
    ])
      expect(check(path), path).toBe(path);
    expect(check('')).toBe('/');
  });

  it('answers an absolute URL of our own origins or a listed one, in its normal form', () => {
    expect(check('https://casino.example/en/games?x=1')).toBe('https://casino.example/en/games?x=1');
    expect(check('http://localhost:3000/en')).toBe('http://localhost:3000/en');
    expect(check('HTTPS://Partner.Example/back?x=%20y')).toBe('https://partner.example/back?x=%20y');
    expect(check('https://partner.example:443/p')).toBe('https://partner.example/p');
  });

  it('refuses a tab, newline or carriage return, which browsers strip from a URL', () => {
    for (const value of [
      '/\t/evil.example/',
      '/\n/evil.example/',
      '/\r/evil.example/',
      '/\r\n/evil.example/',
      '\t//evil.example',
      '/\u0000/evil.example',
      ' /en',
      '/en ',
      'https://casino.example\t@evil.example/',
      'https://evil.example\n.casino.example/',
    ])
      expect(check(value), JSON.stringify(value)).toBeNull();
  });

  it('refuses protocol-relative and backslash shapes: //, /\\, \\\\, \\/', () => {
    for (const value of [
      '//evil.example',
      '//evil.example/en',
      '///evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '\\/evil.example',
      '/\\/evil.example',
      '/en\\..\\..\\evil',
      'https://casino.example\\@evil.example',
    ])
      expect(check(value), value).toBeNull();
  });

  it('refuses the same shapes percent-encoded, once or twice', () => {
    for (const value of [
      '/%2Fevil.example',
      '/%2F%2Fevil.example',
      '/%5Cevil.example',
      '/%5C%5Cevil.example',
      '/%09/evil.example',
      '/%0A/evil.example',
      '/%0D/evil.example',
      '/%00/evil.example',
      '/%252F%252Fevil.example',
      '/%255Cevil.example',
      '/%E2%80%AE/evil',
      '/%',
      '/%E0%A4%A',
    ])
      expect(check(value), value).toBeNull();
  });

  it('refuses other origins, other schemes and half-written absolute URLs', () => {
    for (const value of [
      'https://evil.example/',
      'http://evil.example',
      'https:evil.example',
      'https:/evil.example',
      'https:',
      'https://',
      'http://casino.example/en',
      'https://casino.example:8443/en',
      'https://casino.example.evil.example/',
      'https://partner.example.evil.example/',
      'https://evil-partner.example/',
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox',
      'ftp://casino.example/',
      'evil.example',
      'en/games',
      './/evil.example',
    ])
      expect(check(value), value).toBeNull();
  });

  it('refuses user-info, which makes an address look like ours', () => {
    for (const value of [
      'https://casino.example@evil.example/',
      'https://casino.example:443@evil.example/',
      'https://evil.example@casino.example/',
      'https://user:pass@casino.example/',
      'https://@casino.example/',
      'https://casino.example%40evil.example/',
    ])
      expect(check(value), value).toBeNull();
  });

  it('refuses invisible and bidirectional characters and an address longer than 2,048 characters', () => {
    for (const value of ['/en\u200B', '/\u202Eexample', '/en\u2028', '/\u00A0/evil', `/${'a'.repeat(2048)}`])
      expect(check(value), JSON.stringify(value)).toBeNull();
  });
});
