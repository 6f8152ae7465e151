import { describe, expect, it } from 'vitest';
import { RestError } from '../../../lib/rest/client';
import { errorMessage, fieldErrors } from './errors';

describe('fieldErrors', () => {
  it.each([
    [
      new RestError('rest_invalid_param', 'Ungültig', 400, { params: { name: 'Bitte einen Namen angeben.', sku: 'Vergeben' } }),
      { name: 'Bitte einen Namen angeben.', sku: 'Vergeben' },
    ],
    [new RestError('rest_invalid_param', 'Ungültig', 400, { params: { name: 3 } }), {}],
    [new RestError('laden_stock_conflict', 'Geändert', 409, { status: 409 }), {}],
    [new Error('x'), {}],
    [null, {}],
  ])('%#', (e, want) => {
    expect(fieldErrors(e)).toEqual(want);
  });

  it('shows the server message', () => {
    expect(errorMessage(new RestError('x', 'Der Bestand hat sich geändert.', 409))).toBe('Der Bestand hat sich geändert.');
    expect(errorMessage(new Error('boom'))).toBe('Ein unbekannter Fehler ist aufgetreten.');
  });
});
