import { describe, expect, it } from 'vitest';
import { embedProvider } from './embeds';

describe('embedProvider', () => {
  it.each([
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'YouTube', 'https://policies.google.com/privacy'],
    ['https://www.youtube.com/embed/x', 'YouTube', 'https://policies.google.com/privacy'],
    ['https://youtube.com/embed/x', 'YouTube', 'https://policies.google.com/privacy'],
    ['  https://player.vimeo.com/video/42 ', 'Vimeo', 'https://vimeo.com/privacy'],
    ['https://maps.example.org/embed?x=1', 'maps.example.org', undefined],
    ['//cdn.example.net/player', 'cdn.example.net', undefined],
    ['https://www.youtube.com.evil.example/embed/x', 'www.youtube.com.evil.example', undefined],
  ])('%s is loaded from %s', (src, name, privacy) => {
    expect(embedProvider(src)).toEqual(privacy ? { name, privacy } : { name });
  });
  it.each(['/uploads/tour.html', '/wp-json/x'])('%s is this site: nothing to ask', (src) => {
    expect(embedProvider(src)).toBeNull();
  });
});
