/**
 * The window's width as CSS media queries see it (what `100vw` measures), the width every band of
 * spec §9 is read at. Not `window.innerWidth`: on phones that is the visual viewport, which
 * shrinks while the visitor zooms in, and Chrome widens it to the content while something
 * overflows the page (801 for 375 with an 800-pixel element), without a resize event when the
 * overflow ends. A band read from it puts the header in another layout than the CSS has.
 * Browser only: reads the layout (call it on resize, not on every scroll).
 */
export function windowWidth(): number {
  const probe = document.createElement('div');
  probe.style.cssText = 'position:absolute;width:100vw;visibility:hidden';
  document.body.appendChild(probe);
  const width = probe.getBoundingClientRect().width;
  probe.remove();
  return width;
}
