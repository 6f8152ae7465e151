import { describe, expect, it } from 'vitest';
import { batchErrors, type BatchError } from './staffApi';

describe('batchErrors', () => {
  const refused = (message: string, params?: Record<string, string>): BatchError => ({
    id: 7,
    error: { code: 'rest_invalid_param', message, data: { status: 400, ...(params ? { params } : {}) } },
  });

  it('says what is wrong with each refused field, else the message, and skips what was saved', () => {
    const saved = { id: 8, name: 'Tee' };
    expect(
      batchErrors([
        saved,
        refused('Ungültige Angabe(n): meta_data: laden_delivery_time_countries', {
          'meta_data.laden_delivery_time_countries': 'Lieferzeiten je Land: ein Eintrag je Land mit seinem ISO-Code.',
        }),
        refused('Ungültige ID.'),
      ]),
    ).toEqual(['Lieferzeiten je Land: ein Eintrag je Land mit seinem ISO-Code.', 'Ungültige ID.']);
    expect(batchErrors([saved])).toEqual([]);
  });
});
