import { describe, expect, it } from 'vitest';
import { parseHeaders } from './xhr';

describe('parseHeaders', () => {
  it('reads the lines of getAllResponseHeaders()', () => {
    const h = parseHeaders('content-type: application/json\r\nx-wp-upload-attachment-id: 7\r\nx-empty:\r\nbroken line\r\n');
    expect(h.get('content-type')).toBe('application/json');
    expect(h.get('X-WP-Upload-Attachment-ID')).toBe('7');
    expect(h.get('x-empty')).toBe('');
    expect([...h.keys()]).toHaveLength(3);
  });

  it('reads nothing from nothing', () => {
    expect([...parseHeaders('').keys()]).toEqual([]);
  });
});
