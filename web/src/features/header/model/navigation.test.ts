import { describe, expect, it } from 'vitest';
import { activeSection, activeSectionAt, hashTarget, inPageHash } from './navigation';

describe('inPageHash', () => {
  const here = { origin: 'https://shop.example.de', pathname: '/' };
  it.each([
    ['#angebote', '#angebote'],
    ['/#angebote', '#angebote'],
    ['https://shop.example.de/#roesterei', '#roesterei'],
    ['/shop/#x', null],
    ['https://evil.example/#x', null],
    ['#', null],
    ['/', null],
    ['/kontakt/', null],
  ] as const)('%s → %j', (href, want) => {
    expect(inPageHash(href, here)).toBe(want);
  });
  it('keeps the query of the page for a bare hash', () => {
    expect(inPageHash('#a', { origin: 'https://x.de', pathname: '/shop/', search: '?orderby=price' })).toBe('#a');
  });
  it('decodes the element id', () => {
    expect(hashTarget('#%C3%BCber')).toBe('über');
    expect(hashTarget('#%E0')).toBe('%E0');
  });
});

describe('activeSection (tolerance 10)', () => {
  const sections = [
    { hash: '#a', top: -500, bottom: 90 },
    { hash: '#b', top: 90, bottom: 900 },
    { hash: '#c', top: 900, bottom: 1500 },
  ];
  it.each([
    [80, '#b'],
    [100, '#b'],
    [91, '#b'],
    [79, '#a'],
    [80 + 900, '#c'],
    [2000, null],
  ] as const)('offset %d → %j', (offset, want) => {
    expect(activeSection(sections, offset)).toBe(want);
  });
  it('nothing in view before the first section', () => {
    expect(activeSection([{ hash: '#a', top: 400, bottom: 800 }], 100)).toBeNull();
  });
});

describe('activeSectionAt (the bottom of the page)', () => {
  const sections = [
    { hash: '#a', top: -300, bottom: 300 },
    { hash: '#b', top: 300, bottom: 600 },
  ];
  it('the last section showing wins at the bottom', () => {
    expect(activeSectionAt(sections, 100, { atBottom: true, viewportHeight: 700 })).toBe('#b');
  });
  it('elsewhere the section at the offset wins', () => {
    expect(activeSectionAt(sections, 100, { atBottom: false, viewportHeight: 700 })).toBe('#a');
  });
  it('a section below the window does not count', () => {
    expect(
      activeSectionAt(
        [
          { hash: '#a', top: -300, bottom: 300 },
          { hash: '#b', top: 800, bottom: 900 },
        ],
        100,
        { atBottom: true, viewportHeight: 700 },
      ),
    ).toBe('#a');
  });
});
