import { describe, expect, it } from 'vitest';
import { editorModeIn, editorModeUrl, hasStaffHint, parseMe } from './staff';

describe('staff hint and editor mode', () => {
  it.each([
    ['laden_staff=1', true],
    ['a=b; laden_staff=1; c=d', true],
    ['laden_staff=', false],
    ['xladen_staff=1', false],
    ['', false],
  ] as const)('cookie %j → %s', (cookie, want) => {
    expect(hasStaffHint(cookie)).toBe(want);
  });
  it('reads and writes the editor parameter, keeping the rest', () => {
    expect(editorModeIn('?editor=1')).toBe(true);
    expect(editorModeIn('?editor=0')).toBe(false);
    expect(editorModeIn('')).toBe(false);
    expect(editorModeUrl('https://x.de/ueber-uns/?a=1#team', true)).toBe('/ueber-uns/?a=1&editor=1#team');
    expect(editorModeUrl('https://x.de/?editor=1&a=1', false)).toBe('/?a=1');
  });
  it('checks users/me at the edge', () => {
    expect(parseMe({ name: 'Eva', capabilities: { edit_pages: true, x: 'yes' } })).toEqual({
      name: 'Eva',
      capabilities: { edit_pages: true, x: false },
    });
    expect(parseMe({ name: 3 })).toBeNull();
    expect(parseMe(null)).toBeNull();
  });
});
